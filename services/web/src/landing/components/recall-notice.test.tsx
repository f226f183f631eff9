import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { LandingPageData } from '@product-console/shared';
import en from '@/locales/en.json';
import ko from '@/locales/ko.json';
import { LandingView, landingMessages } from './landing-view';
import { landingData, languageHref, viewHref } from './landing-view.fixtures';

const recall = {
  recallId: 3,
  reason: 'Metal fragments were found in lot L-7.',
  action: 'Stop using it and return it to the shop.',
  contact: '+82 2 555 0100',
  startsAt: '2026-03-01T10:00:00.000Z',
  scope: 'batches' as const,
  lots: ['L-7'],
};

function show(data: LandingPageData, ui: 'en' | 'ko' = 'en') {
  return render(
    <IntlProvider locale={ui} defaultLocale="en" messages={landingMessages(ui === 'ko' ? ko : en)}>
      <LandingView data={data} language="DEFAULT" uiLanguage={ui} serial={null} digitalLink={data.product.digitalLink} viewHref={viewHref} languageHref={languageHref} />
    </IntlProvider>,
  );
}

describe('a recall on the landing', () => {
  it.each(['index', 'verification'] as const)('comes first on the %s view, as an alert with the reason, what to do and the contact', (view) => {
    show(landingData(view, { recall }));
    const notice = screen.getByRole('alert', { name: 'Product recall' });
    expect(notice).toHaveTextContent('This product from lot L-7 is recalled.');
    expect(within(notice).getByTestId('landing-recall-reason')).toHaveTextContent(recall.reason);
    expect(within(notice).getByTestId('landing-recall-action')).toHaveTextContent(recall.action);
    expect(notice).toHaveTextContent(recall.contact);
    // Before the product's own content.
    const name = view === 'index' ? screen.getByTestId('preview-product-name') : screen.getByTestId('landing-verification-product');
    expect(notice.compareDocumentPosition(name) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("speaks the shopper's language", () => {
    show(landingData('index', { recall }), 'ko');
    expect(screen.getByRole('alert', { name: '제품 리콜' })).toHaveTextContent('로트 L-7의 이 제품은 리콜 대상입니다.');
  });

  it('is absent without a recall', () => {
    show(landingData('index'));
    expect(screen.queryByTestId('landing-recall')).toBeNull();
  });
});

describe('the scanned batch on the landing', () => {
  it('shows the lot and its dates, and says plainly when the expiry date has passed', () => {
    show(landingData('verification', { batch: { lot: 'L-7', productionDate: '2024-01-10', expiryDate: '2025-01-31', bestBeforeDate: null, expired: true } }));
    const batch = screen.getByTestId('landing-batch');
    expect(batch).toHaveTextContent('LotL-7');
    expect(within(batch).getByTestId('landing-batch-expiry')).toHaveTextContent('Jan 31, 2025');
    expect(screen.getByTestId('landing-batch-expired')).toHaveTextContent('The expiry date of this batch has passed. Do not use it.');
  });

  it('has no expired notice for a batch within its date', () => {
    show(landingData('index', { batch: { lot: 'L-8', productionDate: null, expiryDate: '2099-01-31', bestBeforeDate: null, expired: false } }));
    expect(screen.getByTestId('landing-batch')).toHaveTextContent('L-8');
    expect(screen.queryByTestId('landing-batch-expired')).toBeNull();
  });
});
