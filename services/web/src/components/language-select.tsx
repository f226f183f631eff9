import { useEffect, useId } from 'react';
import styled from 'styled-components';
import { useIntl } from 'react-intl';
import { UI_LANGUAGES } from '@product-console/shared';
import { GlobeIcon } from '@/components/icons';
import { Select } from '@/components/ui/field';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { LANGUAGE_NAMES_FAMILY, loadLanguageNameFaces } from '@/lib/fonts';
import { isUiLanguage, LANGUAGE_ENDONYMS, useLanguage } from '@/lib/i18n';

const Wrapper = styled.div`
  position: relative;
  display: inline-flex;
  align-items: center;
  color: ${({ theme }) => theme.colors.textMuted};

  svg { position: absolute; left: 10px; pointer-events: none; z-index: 1; }
  select { padding-left: 34px; width: auto; min-width: 128px; }

  /*
   * Each language is named in its own script. Where the browser supports it, the list is drawn in
   * the page (a customisable select) so that the page's faces, the tiny ones for 中文 and 日本語
   * included, reach the options; a native popup cannot use web fonts.
   */
  select,
  option {
    font-family: '${LANGUAGE_NAMES_FAMILY}', var(--font-sans), sans-serif;
  }
  select,
  select::picker(select) {
    appearance: base-select;
  }
  select {
    display: inline-flex;
    align-items: center;
    gap: 8px;
    padding-right: 10px;
  }
  select::picker-icon {
    margin-left: auto;
    font-size: 10px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  select::picker(select) {
    margin-top: 4px;
    padding: 4px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    box-shadow: ${({ theme }) => theme.shadow.lg};
  }
  option {
    padding: 8px 12px;
    border-radius: ${({ theme }) => theme.radius.sm};
    font-size: 14px;
  }
  option::checkmark { display: none; }
  option:checked { font-weight: 600; color: ${({ theme }) => theme.colors.primary}; }
  option:hover,
  option:focus-visible { background: ${({ theme }) => theme.colors.primarySoft}; outline: none; }
`;

/** The UI language picker of the top bar and the sign-in page; a native select for easy keyboard use. */
export function LanguageSelect() {
  const intl = useIntl();
  const { language, setLanguage } = useLanguage();
  const id = useId();
  useEffect(loadLanguageNameFaces, []);
  return (
    <Wrapper>
      <VisuallyHidden as="label" htmlFor={id}>
        {intl.formatMessage({ id: 'language.label' })}
      </VisuallyHidden>
      <GlobeIcon size={16} />
      <Select
        id={id}
        data-testid="language-select"
        value={language}
        onChange={(event) => {
          const next = event.target.value;
          if (isUiLanguage(next)) void setLanguage(next);
        }}
      >
        {UI_LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_ENDONYMS[code]}
          </option>
        ))}
      </Select>
    </Wrapper>
  );
}
