import { useId } from 'react';
import styled from 'styled-components';
import { useIntl } from 'react-intl';
import { UI_LANGUAGES } from '@product-console/shared';
import { GlobeIcon } from '@/components/icons';
import { Select } from '@/components/ui/field';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { isUiLanguage, LANGUAGE_ENDONYMS, useLanguage } from '@/lib/i18n';

const Wrapper = styled.div`
  position: relative;
  display: inline-flex;
  align-items: center;
  color: ${({ theme }) => theme.colors.textMuted};

  svg { position: absolute; left: 10px; pointer-events: none; }
  select { padding-left: 34px; width: auto; min-width: 128px; }
`;

/** The UI language picker of the top bar and the sign-in page; a native select for easy keyboard use. */
export function LanguageSelect() {
  const intl = useIntl();
  const { language, setLanguage } = useLanguage();
  const id = useId();
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
