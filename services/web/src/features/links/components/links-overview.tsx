import { FormattedMessage } from 'react-intl';
import { LinkIcon } from '@/components/icons';
import { ListBody } from '@/components/list-body';
import { ButtonLink } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { sortLinks, useActiveLinks } from '@/features/links/api/get-links';
import { LinkFacts, LinkItem, LinkList, LinkPosition } from '@/features/links/components/link-facts';

/** The links as a read-only list, with the way to manage them on the product's page. */
export function LinksOverview({ productId, serviceName }: { productId: number; serviceName: string }) {
  const { data, error } = useActiveLinks(productId);
  return (
    <Card data-testid="links-overview">
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="links.title" />
        </CardTitle>
        <ButtonLink $size="sm" $variant="outline" to={`/${encodeURIComponent(serviceName)}/product-details/${productId}#links`} data-testid="links-manage">
          <FormattedMessage id="links.manage" />
        </ButtonLink>
      </CardHeader>
      <ListBody
        items={data ? sortLinks(data.result) : undefined}
        error={error}
        testId="links"
        skeleton={{ rows: 1, height: '44px' }}
        emptyIcon={<LinkIcon size={28} />}
        empty={
          <p>
            <FormattedMessage id="links.empty" />
          </p>
        }
      >
        {(links) => (
          <LinkList>
            {links.map((link, index) => (
              <LinkItem key={link.linkId}>
                <LinkPosition>{index + 1}</LinkPosition>
                <LinkFacts link={link} />
                <span />
              </LinkItem>
            ))}
          </LinkList>
        )}
      </ListBody>
    </Card>
  );
}
