import { useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { blockLanguages, DEFAULT_LANGUAGE, PRODUCT_LANGUAGE_MAX, type ProductDetailsLanguage } from '@product-console/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TrashIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, FormAlert, Input, Label } from '@/components/ui/field';
import { FieldErrorSlot, fieldErrorProps } from '@/components/ui/field-error';
import { FormSelect, Hint, TextArea } from '@/components/ui/form-controls';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-error-message';
import type { ContentEditorState } from '@/features/content/hooks/use-content-editor';
import { ISO_LANGUAGE_CODES, MOST_USED_LANGUAGE_CODES, useLanguageName } from '@/features/content/components/language-name';
import { LanguageTabs } from '@/features/content/components/language-tabs';

type TextField = 'description' | 'features' | 'details';
const TEXT_FIELDS: readonly TextField[] = ['description', 'features', 'details'];

/**
 * The product's languages (spec point 4): added and deleted on the server at once, with the same
 * rule applied to the unsaved draft; and the product's texts in each of them, saved with the page.
 */
export function LanguagesStepPanel({ editor }: { editor: ContentEditorState }) {
  const intl = useIntl();
  const languageName = useLanguageName();
  const selectId = useId();
  const draft = editor.draft!;
  const [choice, setChoice] = useState('');
  const [adding, setAdding] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [editing, setEditing] = useState<string>(DEFAULT_LANGUAGE);
  const all = blockLanguages(draft.languages);
  const shown = all.includes(editing) ? editing : DEFAULT_LANGUAGE;
  const full = draft.languages.length >= PRODUCT_LANGUAGE_MAX;

  // The most used languages first, then every other by its name in the UI language.
  const options = useMemo(() => {
    const free = (code: string) => !draft.languages.includes(code);
    const named = (code: string) => ({ code, name: languageName(code) });
    const common = MOST_USED_LANGUAGE_CODES.filter(free).map(named);
    const rest = ISO_LANGUAGE_CODES.filter((code) => free(code) && !MOST_USED_LANGUAGE_CODES.includes(code))
      .map(named)
      .sort((a, b) => a.name.localeCompare(b.name, intl.locale));
    return { common, rest };
  }, [draft.languages, languageName, intl.locale]);

  async function add() {
    if (!choice) return;
    setAdding(true);
    setProblem(null);
    try {
      await editor.addLanguage(choice);
      setChoice('');
    } catch (cause) {
      setProblem(apiErrorMessage(intl, cause));
    } finally {
      setAdding(false);
    }
  }

  const details = draft.productDetails.find((item) => item.languageCode === shown);
  const setField = (field: keyof ProductDetailsLanguage, value: string) =>
    editor.setDetails((current) => current.map((item) => (item.languageCode === shown ? { ...item, [field]: value } : item)));

  return (
    <>
      <Card>
        <Section>
          <Heading>
            <FormattedMessage id="content.languages.title" />
          </Heading>
          <Hint>
            <FormattedMessage id="content.languages.hint" />
          </Hint>
          {draft.languages.length === 0 ? (
            <Empty data-testid="languages-empty">
              <FormattedMessage id="content.languages.empty" />
            </Empty>
          ) : (
            <List aria-label={intl.formatMessage({ id: 'content.languages.title' })} data-testid="language-list">
              {draft.languages.map((code) => (
                <Item key={code} data-testid={`language-${code}`}>
                  <span>
                    <strong>{languageName(code)}</strong> <Code>{code}</Code>
                  </span>
                  <Button
                    $variant="ghost"
                    $size="sm"
                    onClick={() => setDeleting(code)}
                    aria-label={intl.formatMessage({ id: 'content.languages.delete' }, { language: languageName(code) })}
                    data-testid={`language-delete-${code}`}
                  >
                    <TrashIcon size={16} />
                  </Button>
                </Item>
              ))}
            </List>
          )}
          <AddRow>
            <Field>
              <Label htmlFor={selectId}>
                <FormattedMessage id="content.languages.add" />
              </Label>
              <FormSelect id={selectId} value={choice} onChange={(event) => setChoice(event.target.value)} disabled={full || adding} data-testid="product-language-select">
                <option value="">{intl.formatMessage({ id: 'content.languages.choose' })}</option>
                <optgroup label={intl.formatMessage({ id: 'content.languages.mostUsed' })}>
                  {options.common.map(({ code, name }) => (
                    <option key={code} value={code}>
                      {name} ({code})
                    </option>
                  ))}
                </optgroup>
                <optgroup label={intl.formatMessage({ id: 'content.languages.all' })}>
                  {options.rest.map(({ code, name }) => (
                    <option key={code} value={code}>
                      {name} ({code})
                    </option>
                  ))}
                </optgroup>
              </FormSelect>
            </Field>
            <Button onClick={() => void add()} disabled={!choice || adding || full} data-testid="product-language-add">
              {adding ? <Spinner size={16} /> : null}
              <FormattedMessage id="content.languages.addButton" />
            </Button>
          </AddRow>
          {full ? (
            <Hint>
              <FormattedMessage id="content.languages.full" values={{ max: PRODUCT_LANGUAGE_MAX }} />
            </Hint>
          ) : null}
          {problem ? (
            <FormAlert role="alert" data-testid="product-language-error">
              {problem}
            </FormAlert>
          ) : null}
        </Section>
      </Card>
      <Card>
        <Section>
          <Heading>
            <FormattedMessage id="content.details.title" />
          </Heading>
          <Hint>
            <FormattedMessage id="content.details.hint" />
          </Hint>
          <LanguageTabs
            languages={all}
            value={shown}
            onChange={setEditing}
            label={intl.formatMessage({ id: 'content.details.languageTabs' })}
            testId="details-language"
          />
          {shown === DEFAULT_LANGUAGE ? (
            <Hint data-testid="details-default-hint">
              <FormattedMessage id="content.details.defaultHint" />
            </Hint>
          ) : null}
          {details ? (
            <Fields role="tabpanel">
              <Field>
                <Label htmlFor={`details-${shown}-productName`}>
                  <FormattedMessage id="content.details.productName" />
                </Label>
                <TextInput
                  id={`details-${shown}-productName`}
                  value={details.productName}
                  readOnly={shown === DEFAULT_LANGUAGE}
                  maxLength={100}
                  onChange={(event) => setField('productName', event.target.value)}
                  {...fieldErrorProps(`details-${shown}-productName`, details.productName.trim() ? undefined : 'form.required')}
                  data-testid="details-productName"
                />
                <FieldErrorSlot inputId={`details-${shown}-productName`} error={details.productName.trim() ? undefined : 'form.required'} />
              </Field>
              {TEXT_FIELDS.map((field) => (
                <Field key={field}>
                  <Label htmlFor={`details-${shown}-${field}`}>
                    <FormattedMessage id={`content.details.${field}`} />
                  </Label>
                  <LongText
                    id={`details-${shown}-${field}`}
                    rows={3}
                    value={details[field]}
                    readOnly={shown === DEFAULT_LANGUAGE}
                    onChange={(event) => setField(field, event.target.value)}
                    data-testid={`details-${field}`}
                  />
                </Field>
              ))}
            </Fields>
          ) : null}
        </Section>
      </Card>
      <ConfirmDialog
        payload={deleting}
        title={<FormattedMessage id="content.languages.deleteTitle" values={{ language: deleting ? languageName(deleting) : '' }} />}
        description={<FormattedMessage id="content.languages.deleteDescription" />}
        onConfirm={async (code) => {
          try {
            await editor.removeLanguage(code);
          } catch (cause) {
            setProblem(apiErrorMessage(intl, cause));
            throw cause;
          }
        }}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

const Section = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: 20px;
`;

const Heading = styled.h2`
  font-size: 16px;
  font-weight: 700;
`;

const Empty = styled.p`
  padding: 16px;
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 14px;
`;

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 6px;
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Item = styled.li`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 8px 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
`;

const Code = styled.code`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 12px;
`;

const AddRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 12px;
  & > div { flex: 1 1 220px; min-width: 0; }
`;

/** The default texts are read here, not written: they look it. */
const readOnly = `
  &[readonly] {
    background: var(--read-only-bg);
    color: var(--read-only-fg);
    cursor: default;
  }
`;

const TextInput = styled(Input)`
  --read-only-bg: ${({ theme }) => theme.colors.surfaceMuted};
  --read-only-fg: ${({ theme }) => theme.colors.textMuted};
  ${readOnly}
`;

const LongText = styled(TextArea)`
  --read-only-bg: ${({ theme }) => theme.colors.surfaceMuted};
  --read-only-fg: ${({ theme }) => theme.colors.textMuted};
  ${readOnly}
`;

const Fields = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
`;
