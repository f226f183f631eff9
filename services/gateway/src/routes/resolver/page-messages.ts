import { LINK_TYPE_DEFAULT_TITLES, MESSAGES, type LinkType } from '@product-console/shared';
import { acceptedLanguages } from './language.js';

/**
 * The words of the resolver's own pages (a code that leads nowhere, a product that is not there),
 * in the five UI languages of the product (spec point 1). They live in the gateway rather than in
 * the console's locale files: these pages are answered before, and without, any of the web app.
 */
export const PAGE_LANGUAGES = ['en', 'ko', 'ja', 'zh', 'it'] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

interface HeadingAndText {
  heading: string;
  text: string;
}

export interface PageMessages {
  badRequest: HeadingAndText;
  unknownItem: HeadingAndText;
  /** `heading` when the product has no title. */
  noLinks: HeadingAndText;
  missingLinkType: {
    /** When the product has no title. */
    heading: string;
    /** A link type of this product set, named in the page's language. */
    text: (linkTypeTitle: string) => string;
    /** Any other value a visitor sent: never repeated. */
    textOtherKind: string;
    action: string;
  };
  unavailable: HeadingAndText;
  linkTypes: Record<LinkType, string>;
}

export const PAGE_MESSAGES: Record<PageLanguage, PageMessages> = {
  en: {
    badRequest: {
      heading: 'This code does not lead anywhere',
      text: 'The address in this code is not a valid product link. Please check that you scanned the whole code.',
    },
    unknownItem: {
      heading: 'Product not found',
      text: 'We could not find a product for this code. It may not be published yet, or it is no longer available.',
    },
    noLinks: { heading: 'Nothing to show yet', text: 'This product has no page to show yet. Please try again later.' },
    missingLinkType: {
      heading: 'Page not available',
      text: (title) => `This product has no “${title}” page.`,
      textOtherKind: 'This product has no page of the requested kind.',
      action: 'See the product page',
    },
    unavailable: { heading: MESSAGES.unableToConnect, text: MESSAGES.tryAgainLater },
    // The spec's default link titles (point 3), as the link set and the console's English name them.
    linkTypes: LINK_TYPE_DEFAULT_TITLES,
  },
  ko: {
    badRequest: {
      heading: '이 코드로는 이동할 수 없습니다',
      text: '이 코드에 담긴 주소는 올바른 제품 링크가 아닙니다. 코드 전체가 스캔되었는지 확인해 주세요.',
    },
    unknownItem: {
      heading: '제품을 찾을 수 없습니다',
      text: '이 코드에 해당하는 제품을 찾지 못했습니다. 아직 공개되지 않았거나 더 이상 제공되지 않는 제품일 수 있습니다.',
    },
    noLinks: { heading: '아직 보여 드릴 내용이 없습니다', text: '이 제품에는 아직 보여 드릴 페이지가 없습니다. 잠시 후 다시 시도해 주세요.' },
    missingLinkType: {
      heading: '페이지를 이용할 수 없습니다',
      text: (title) => `이 제품에는 ‘${title}’ 페이지가 없습니다.`,
      textOtherKind: '이 제품에는 요청하신 종류의 페이지가 없습니다.',
      action: '제품 페이지 보기',
    },
    unavailable: { heading: '서비스에 연결할 수 없습니다', text: '잠시 후 다시 시도하세요' },
    linkTypes: {
      'gs1:dpp': '디지털 제품 여권',
      'gs1:pip': '제품 정보',
      'gs1:traceability': '이력 추적',
      'gs1:certificationInfo': '정품 인증',
      'gs1:homepage': '브랜드',
      'gs1:smartLabel': '스마트 라벨',
    },
  },
  ja: {
    badRequest: {
      heading: 'このコードからはページを開けません',
      text: 'このコードのアドレスは有効な製品リンクではありません。コード全体を読み取ったかご確認ください。',
    },
    unknownItem: {
      heading: '製品が見つかりません',
      text: 'このコードに該当する製品が見つかりませんでした。まだ公開されていないか、すでに提供を終了している可能性があります。',
    },
    noLinks: { heading: 'まだ表示できる内容がありません', text: 'この製品にはまだ表示できるページがありません。しばらくしてから再度お試しください。' },
    missingLinkType: {
      heading: 'ページを表示できません',
      text: (title) => `この製品には「${title}」のページがありません。`,
      textOtherKind: 'この製品には、ご指定の種類のページがありません。',
      action: '製品ページを見る',
    },
    unavailable: { heading: 'サービスに接続できません', text: 'しばらくしてから再度お試しください' },
    linkTypes: {
      'gs1:dpp': 'デジタル製品パスポート',
      'gs1:pip': '製品情報',
      'gs1:traceability': 'トレーサビリティ',
      'gs1:certificationInfo': '真正性の確認',
      'gs1:homepage': 'ブランド',
      'gs1:smartLabel': 'スマートラベル',
    },
  },
  zh: {
    badRequest: {
      heading: '此码无法打开任何页面',
      text: '此码中的地址不是有效的产品链接。请确认已扫描完整的码。',
    },
    unknownItem: {
      heading: '未找到产品',
      text: '我们未能找到与此码对应的产品。该产品可能尚未发布，或已不再提供。',
    },
    noLinks: { heading: '暂无可显示的内容', text: '此产品暂无可显示的页面。请稍后再试。' },
    missingLinkType: {
      heading: '页面不可用',
      text: (title) => `此产品没有“${title}”页面。`,
      textOtherKind: '此产品没有所请求类型的页面。',
      action: '查看产品页面',
    },
    unavailable: { heading: '无法连接到服务', text: '请稍后再试' },
    linkTypes: {
      'gs1:dpp': '数字产品护照',
      'gs1:pip': '产品信息',
      'gs1:traceability': '可追溯性',
      'gs1:certificationInfo': '正品验证',
      'gs1:homepage': '品牌',
      'gs1:smartLabel': '智能标签',
    },
  },
  it: {
    badRequest: {
      heading: 'Questo codice non porta da nessuna parte',
      text: "L'indirizzo contenuto in questo codice non è un link di prodotto valido. Verifica di aver inquadrato tutto il codice.",
    },
    unknownItem: {
      heading: 'Prodotto non trovato',
      text: 'Non abbiamo trovato nessun prodotto per questo codice. Potrebbe non essere ancora pubblicato o non essere più disponibile.',
    },
    noLinks: { heading: 'Ancora niente da mostrare', text: 'Questo prodotto non ha ancora una pagina da mostrare. Riprova più tardi.' },
    missingLinkType: {
      heading: 'Pagina non disponibile',
      text: (title) => `Questo prodotto non ha una pagina “${title}”.`,
      textOtherKind: 'Questo prodotto non ha una pagina del tipo richiesto.',
      action: 'Vedi la pagina del prodotto',
    },
    unavailable: { heading: 'Impossibile connettersi al servizio', text: 'Riprova più tardi' },
    linkTypes: {
      'gs1:dpp': 'Passaporto digitale del prodotto',
      'gs1:pip': 'Informazioni sul prodotto',
      'gs1:traceability': 'Tracciabilità',
      'gs1:certificationInfo': 'Autenticazione',
      'gs1:homepage': 'Marchio',
      'gs1:smartLabel': 'Etichetta intelligente',
    },
  },
};

const isPageLanguage = (value: string): value is PageLanguage => (PAGE_LANGUAGES as readonly string[]).includes(value);

/**
 * The page's language: the visitor's most wanted language the pages are written in, matched on
 * its primary subtag (`ko-KR` and `ko` are Korean, `zh-TW` reads the Chinese page); English when
 * none is (spec point 1's fallback).
 */
export function pageLanguage(acceptLanguage: string | undefined): PageLanguage {
  for (const range of acceptedLanguages(acceptLanguage)) {
    const primary = range.split('-', 1)[0];
    if (isPageLanguage(primary)) return primary;
  }
  return 'en';
}
