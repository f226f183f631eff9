import { useParams, useSearchParams } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { DEFAULT_PAGE_SIZE } from '@product-console/shared';
import { PageHeader } from '@/components/page-header';
import { PageStack } from '@/components/ui/page-stack';
import { useCompanyInfo } from '@/features/overview/api/get-company-info';
import { useOverviewProductList } from '@/features/overview/api/get-product-list';
import { useSparklines } from '@/features/overview/api/get-sparklines';
import { useTotalCount } from '@/features/overview/api/get-total-count';
import { CompanyInfoCard } from '@/features/overview/components/company-info-card';
import { ProductListTable } from '@/features/overview/components/product-list-table';
import { TotalCountCards } from '@/features/overview/components/total-count-cards';

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** /{serviceName}/dashboard/main-overview: company info, total counts and the latest products. */
export function MainOverviewRoute() {
  const { serviceName = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFrom(searchParams);
  const company = useCompanyInfo();
  const counts = useTotalCount();
  const products = useOverviewProductList(page, DEFAULT_PAGE_SIZE);
  const sparklines = useSparklines(products.data?.result.map((product) => product.productId) ?? []);

  return (
    <PageStack>
      <PageHeader title={<FormattedMessage id="overview.title" />} description={<FormattedMessage id="overview.subtitle" />} />
      <TotalCountCards counts={counts.data?.result} failed={Boolean(counts.error)} />
      <CompanyInfoCard company={company.data?.result} error={company.error} onRetry={() => void company.mutate()} />
      <ProductListTable
        serviceName={serviceName}
        products={products.data?.result}
        pageInfo={products.data?.pageInfo}
        error={products.error}
        loading={products.isValidating}
        pageSize={DEFAULT_PAGE_SIZE}
        sparklines={sparklines.error ? null : sparklines.data}
        onRetry={() => void products.mutate()}
        onPageChange={(next) => setSearchParams(next > 1 ? { page: String(next) } : {})}
      />
    </PageStack>
  );
}
