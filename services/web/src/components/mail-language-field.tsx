import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { UI_LANGUAGES, type UiLanguage } from '@product-console/shared';
import { Field, Label } from '@/components/ui/field';
import { FormSelect } from '@/components/ui/form-controls';
import { LANGUAGE_ENDONYMS } from '@/lib/i18n';

/** The language of an account's e-mails (field `mailLanguage`), each language named in itself. */
export function MailLanguageField({ defaultValue, testId }: { defaultValue: UiLanguage; testId?: string }) {
  const id = useId();
  return (
    <Field>
      <Label htmlFor={id}><FormattedMessage id="account.mailLanguage" /></Label>
      <FormSelect id={id} name="mailLanguage" defaultValue={defaultValue} data-testid={testId}>
        {UI_LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_ENDONYMS[code]}
          </option>
        ))}
      </FormSelect>
    </Field>
  );
}
