import { useEffect, useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Link } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { PASSWORD_MIN_LENGTH, SERVICE_NAME_PATTERN, type ServiceNameCheck, type UiLanguage } from '@product-console/shared';
import { MailLanguageField } from '@/components/mail-language-field';
import { PasswordInput } from '@/components/password-input';
import { DropZone } from '@/components/ui/drop-zone';
import { Field, Input, Label } from '@/components/ui/field';
import { FormSelect } from '@/components/ui/form-controls';
import { apiErrorMessage } from '@/lib/api-error-message';
import { IMAGE_TYPES, UPLOAD_MAX_BYTES } from '@/lib/files';
import { useLanguage } from '@/lib/i18n';
import { parsePrefixes, PREFIX_PATTERN, prefixFieldError } from '@/lib/company-prefix-errors';
import { checkServiceName, signUp } from '@/features/auth/api/accounts';
import { AuthForm, AuthSubmitButton, ErrorAlert, Heading, Hint, Row, Subheading } from '@/features/auth/components/auth-panel';

const SignInHint = styled(Hint)`
  text-align: center;
`;

const CHECK_DELAY_MS = 350;
const CATEGORIES = [
  { id: 1, labelId: 'register.category1' },
  { id: 2, labelId: 'register.category2' },
  { id: 3, labelId: 'register.category3' },
] as const;

type NameState = { status: 'idle' | 'checking' | 'error' } | { status: 'checked'; check: ServiceNameCheck };

/** The service name is checked as the user types: format locally, availability by the API. */
function useServiceNameCheck(name: string): NameState {
  const [state, setState] = useState<NameState>({ status: 'idle' });
  useEffect(() => {
    if (!name) {
      setState({ status: 'idle' });
      return;
    }
    if (!SERVICE_NAME_PATTERN.test(name) || /^\d+$/.test(name) || name.includes('--')) {
      setState({ status: 'checked', check: { available: false, reason: 'invalid' } });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'checking' });
    const timer = window.setTimeout(() => {
      checkServiceName(name, controller.signal)
        .then((check) => setState({ status: 'checked', check }))
        .catch(() => !controller.signal.aborted && setState({ status: 'error' }));
    }, CHECK_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [name]);
  return state;
}

/** Company sign-up (spec point 7): the company waits for a super-admin's approval afterwards. */
export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const intl = useIntl();
  const { language } = useLanguage();
  const ids = { company: useId(), service: useId(), category: useId(), gcps: useId(), first: useId(), last: useId(), department: useId(), email: useId(), password: useId(), confirm: useId(), serviceHint: useId(), error: useId(), gcpsError: useId() };
  const [serviceName, setServiceName] = useState('');
  const nameState = useServiceNameCheck(serviceName);
  const [error, setError] = useState<string | null>(null);
  const [gcpsError, setGcpsError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [logo, setLogo] = useState<File[]>([]);

  const nameTaken = nameState.status === 'checked' && !nameState.check.available;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const password = String(data.get('password') ?? '');
    if (password !== String(data.get('confirmPassword') ?? '')) {
      setError(intl.formatMessage({ id: 'account.passwordMismatch' }));
      return;
    }
    const gcps = parsePrefixes(text('gcps'));
    if (gcps.length === 0 || gcps.some((prefix) => !PREFIX_PATTERN.test(prefix))) {
      setError(intl.formatMessage({ id: 'register.gcpsInvalid' }));
      return;
    }
    if (nameTaken) {
      setError(intl.formatMessage({ id: `register.serviceName.${nameState.check.reason ?? 'invalid'}` as 'register.serviceName.invalid' }));
      return;
    }
    setSubmitting(true);
    setError(null);
    setGcpsError(null);
    try {
      const created = await signUp(
        {
          company_name: text('companyName'),
          service_name: serviceName,
          category_id: Number(text('category') || 1),
          gcps,
          first_name: text('firstName'),
          last_name: text('lastName'),
          department: text('department'),
          email: text('email'),
          password,
          language: (text('mailLanguage') || language) as UiLanguage,
        },
        logo[0] ?? null,
      );
      onRegistered(created.result.email);
    } catch (cause) {
      setError(apiErrorMessage(intl, cause));
      setGcpsError(prefixFieldError(intl, cause, gcps));
      setSubmitting(false);
    }
  }

  const nameHint = (() => {
    if (nameState.status === 'checking') return <Hint id={ids.serviceHint} aria-live="polite"><FormattedMessage id="register.serviceName.checking" /></Hint>;
    if (nameState.status === 'error') return <Hint id={ids.serviceHint} $tone="danger" aria-live="polite"><FormattedMessage id="error.unableToConnect" /></Hint>;
    if (nameState.status === 'checked') {
      const { available, reason } = nameState.check;
      return (
        <Hint id={ids.serviceHint} $tone={available ? 'success' : 'danger'} aria-live="polite" data-testid="service-name-status">
          <FormattedMessage id={available ? 'register.serviceName.available' : (`register.serviceName.${reason ?? 'invalid'}` as 'register.serviceName.invalid')} />
        </Hint>
      );
    }
    return <Hint id={ids.serviceHint}><FormattedMessage id="register.serviceName.help" /></Hint>;
  })();

  return (
    <AuthForm onSubmit={(event) => void onSubmit(event)} aria-describedby={error ? ids.error : undefined} data-testid="register-form">
      <div>
        <Heading>
          <FormattedMessage id="register.title" />
        </Heading>
        <Subheading>
          <FormattedMessage id="register.subtitle" />
        </Subheading>
      </div>
      <ErrorAlert id={ids.error} message={error} />
      <Field>
        <Label htmlFor={ids.company}><FormattedMessage id="register.companyName" /></Label>
        <Input id={ids.company} name="companyName" required maxLength={100} autoComplete="organization" />
      </Field>
      <Field>
        <Label htmlFor={ids.service}><FormattedMessage id="register.serviceNameLabel" /></Label>
        <Input
          id={ids.service}
          name="serviceName"
          required
          maxLength={40}
          autoComplete="off"
          spellCheck={false}
          value={serviceName}
          onChange={(event) => setServiceName(event.target.value.trim().toLowerCase())}
          aria-describedby={ids.serviceHint}
          aria-invalid={nameTaken || undefined}
        />
        {nameHint}
      </Field>
      {/* Category names are long in every language: the select and the prefixes get a row each. */}
      <>
        <Field>
          <Label htmlFor={ids.category}><FormattedMessage id="register.category" /></Label>
          <FormSelect id={ids.category} name="category" defaultValue="1">
            {CATEGORIES.map((category) => (
              <option key={category.id} value={category.id}>
                {intl.formatMessage({ id: category.labelId })}
              </option>
            ))}
          </FormSelect>
        </Field>
        <Field>
          <Label htmlFor={ids.gcps}><FormattedMessage id="register.gcps" /></Label>
          <Input
            id={ids.gcps}
            name="gcps"
            required
            inputMode="numeric"
            placeholder="0614141, 0614142"
            aria-invalid={gcpsError ? true : undefined}
            aria-describedby={gcpsError ? ids.gcpsError : undefined}
          />
          {gcpsError ? (
            <Hint id={ids.gcpsError} $tone="danger" data-testid="gcps-error">
              {gcpsError}
            </Hint>
          ) : null}
        </Field>
      </>
      <Row>
        <Field>
          <Label htmlFor={ids.first}><FormattedMessage id="account.firstName" /></Label>
          <Input id={ids.first} name="firstName" required maxLength={100} autoComplete="given-name" />
        </Field>
        <Field>
          <Label htmlFor={ids.last}><FormattedMessage id="account.lastName" /></Label>
          <Input id={ids.last} name="lastName" required maxLength={100} autoComplete="family-name" />
        </Field>
      </Row>
      <Field>
        <Label htmlFor={ids.department}><FormattedMessage id="account.department" /></Label>
        <Input id={ids.department} name="department" maxLength={100} />
      </Field>
      {/* The sign-up page's language is the likely choice; the account's e-mails follow this one. */}
      <MailLanguageField defaultValue={language} testId="register-mail-language" />
      <Field>
        <Label htmlFor={ids.email}><FormattedMessage id="login.email" /></Label>
        <Input id={ids.email} name="email" type="email" required autoComplete="email" />
      </Field>
      <Row>
        <Field>
          <Label htmlFor={ids.password}><FormattedMessage id="login.password" /></Label>
          <PasswordInput id={ids.password} name="password" required minLength={PASSWORD_MIN_LENGTH} autoComplete="new-password" />
        </Field>
        <Field>
          <Label htmlFor={ids.confirm}><FormattedMessage id="account.confirmPassword" /></Label>
          <PasswordInput id={ids.confirm} name="confirmPassword" required minLength={PASSWORD_MIN_LENGTH} autoComplete="new-password" />
        </Field>
      </Row>
      <Hint><FormattedMessage id="account.passwordRule" values={{ min: PASSWORD_MIN_LENGTH }} /></Hint>
      <DropZone
        label={intl.formatMessage({ id: 'register.primaryLogo' })}
        testId="register-logo-input"
        accept={IMAGE_TYPES}
        maxBytes={UPLOAD_MAX_BYTES}
        files={logo}
        onChange={setLogo}
      />
      <AuthSubmitButton submitting={submitting}>
        <FormattedMessage id="register.submit" />
      </AuthSubmitButton>
      <SignInHint>
        <FormattedMessage id="register.haveAccount" />{' '}
        <Link to="/login"><FormattedMessage id="login.submit" /></Link>
      </SignInHint>
    </AuthForm>
  );
}
