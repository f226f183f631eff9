import { useRef, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { useLanguageName } from '@/features/content/components/language-name';

interface LanguageTabsProps {
  languages: readonly string[];
  value: string;
  onChange: (code: string) => void;
  label: string;
  testId: string;
}

/** Which language's texts are edited: tabs, moved between with the arrow keys. */
export function LanguageTabs({ languages, value, onChange, label, testId }: LanguageTabsProps) {
  const languageName = useLanguageName();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + languages.length) % languages.length;
    onChange(languages[next]!);
    refs.current[next]?.focus();
  }

  return (
    <Tabs role="tablist" aria-label={label} data-testid={testId}>
      {languages.map((code, index) => (
        <Tab
          key={code}
          ref={(element) => {
            refs.current[index] = element;
          }}
          type="button"
          role="tab"
          aria-selected={code === value}
          tabIndex={code === value ? 0 : -1}
          onClick={() => onChange(code)}
          onKeyDown={(event) => onKeyDown(event, index)}
          data-testid={`${testId}-${code}`}
        >
          {languageName(code)}
        </Tab>
      ))}
    </Tabs>
  );
}

const Tabs = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Tab = styled.button`
  padding: 8px 12px;
  border: none;
  border-bottom: 2px solid transparent;
  margin-bottom: -1px;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 14px;
  font-weight: 600;
  cursor: pointer;
  &[aria-selected='true'] {
    color: ${({ theme }) => theme.colors.primary};
    border-bottom-color: ${({ theme }) => theme.colors.primary};
  }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: -2px; }
`;
