import { createGlobalStyle } from 'styled-components';

/**
 * Fonts of spec point 1: Pretendard for Korean, Futura (Jost stands in) for English,
 * Roboto Condensed otherwise. For Chinese and Japanese a system CJK face comes first where the
 * machine has one, then Noto Sans SC/JP, declared by lib/fonts.ts only for those languages.
 */
export const GlobalStyle = createGlobalStyle`
  :root {
    --font-sans: 'Roboto Condensed', system-ui, -apple-system, 'Segoe UI', sans-serif;
    color-scheme: ${({ theme }) => theme.mode};
  }
  html[lang='en'] { --font-sans: 'Jost Variable', Futura, 'Century Gothic', system-ui, sans-serif; }
  html[lang='ko'] { --font-sans: 'Pretendard Variable', Pretendard, 'Apple SD Gothic Neo', 'Noto Sans KR', system-ui, sans-serif; }
  html[lang='zh'] { --font-sans: 'Roboto Condensed', 'PingFang SC', 'Microsoft YaHei', 'Noto Sans SC', sans-serif; }
  html[lang='ja'] { --font-sans: 'Roboto Condensed', 'Hiragino Sans', 'Yu Gothic', 'Noto Sans JP', sans-serif; }

  *, *::before, *::after { box-sizing: border-box; }

  html, body, #root { height: 100%; }

  body {
    margin: 0;
    font-family: var(--font-sans);
    font-size: 15px;
    line-height: 1.5;
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    -webkit-font-smoothing: antialiased;
    text-rendering: optimizeLegibility;
  }

  h1, h2, h3, h4, p { margin: 0; }
  h1, h2, h3 { letter-spacing: -0.01em; }

  a { color: ${({ theme }) => theme.colors.primary}; }

  button, input, select, textarea { font: inherit; color: inherit; }

  :focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 2px;
  }

  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }
`;
