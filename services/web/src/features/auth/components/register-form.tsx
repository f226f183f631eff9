import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { Link } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  ERROR_CODES,
  PASSWORD_MIN_LENGTH,
  SERVICE_NAME_PATTERN,
  signUpNewUserSchema,
  type ServiceNameCheck,
  type UiLanguage,
} from '@product-console/shared';
import { CompanyPrefixField } from '@/components/company-prefix-field';
import { MailLanguageField } from '@/components/mail-language-field';
import { PasswordInput } from '@/components/password-input';
import { DropZone } from '@/components/ui/drop-zone';
import { Field, Input, Label } from '@/components/ui/field';
import { FieldErrorSlot, fieldErrorId, fieldErrorProps } from '@/components/ui/field-error';
import { FormSelect } from '@/components/ui/form-controls';
import { isApiError } from '@/lib/api-client';
import { parsePrefixes, prefixFieldError, prefixListError } from '@/lib/company-prefix-errors';
import { apiFieldErrors, encodeFieldError, schemaFieldErrors } from '@/lib/field-errors';
import { IMAGE_TYPES, UPLOAD_MAX_BYTES } from '@/lib/files';
import { useLanguage, type MessageId } from '@/lib/i18n';
import { checkServiceName, signUp, type SignUpInput } from '@/features/auth/api/accounts';
import { AuthForm, AuthSubmitButton, ErrorAlert, Heading, Hint, Row, Subheading } from '@/features/auth/components/auth-panel';
import { useAuthSubmit } from '@/features/auth/hooks/use-auth-submit';

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

/** The sign-up's fields (`newUser` of the API) and the form's controls; the prefixes have their own wording. */
const CONTROLS: Record<string, string> = {
  company_name: 'companyName',
  service_name: 'serviceName',
  category_id: 'category',
  first_name: 'firstName',
  last_name: 'lastName',
  department: 'department',
  email: 'email',
  password: 'password',
  language: 'mailLanguage',
};
const API_CONTROLS = Object.fromEntries(Object.entries(CONTROLS).map(([field, control]) => [`newUser.${field}`, control]));

const serviceNameMessage = (reason: ServiceNameCheck['reason']) => `register.serviceName.${reason ?? 'invalid'}` as MessageId;

/** Company sign-up (spec point 7): the company waits for a super-admin's approval afterwards. */
export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const intl = useIntl();
  const { language } = useLanguage();
  const ids = { company: useId(), service: useId(), category: useId(), first: useId(), last: useId(), department: useId(), email: useId(), password: useId(), confirm: useId(), serviceHint: useId(), error: useId() };
  const [serviceName, setServiceName] = useState('');
  const nameState = useServiceNameCheck(serviceName);
  const [logo, setLogo] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const nameRefused = nameState.status === 'checked' && !nameState.check.available ? nameState.check.reason : null;

  function readSignUp(data: FormData): SignUpInput {
    const text = (name: string) => String(data.get(name) ?? '').trim();
    return {
      company_name: text('companyName'),
      service_name: serviceName,
      category_id: Number(text('category') || 1),
      gcps: parsePrefixes(text('gcps')),
      first_name: text('firstName'),
      last_name: text('lastName'),
      department: text('department'),
      email: text('email'),
      password: String(data.get('password') ?? ''),
      language: (text('mailLanguage') || language) as UiLanguage,
    };
  }

  const { error, fieldErrors, clearFieldError, submitting, onSubmit } = useAuthSubmit(
    async (data) => {
      try {
        const created = await signUp(readSignUp(data), logo[0] ?? null, setProgress);
        onRegistered(created.result.email);
      } catch (cause) {
        setProgress(null);
        throw cause;
      }
    },
    {
      validate: (data) => {
        const newUser = readSignUp(data);
        const errors = schemaFieldErrors(signUpNewUserSchema, newUser, CONTROLS);
        // The name's own check words why it cannot be taken (format, reserved, taken).
        delete errors.serviceName;
        if (nameRefused !== null && newUser.service_name) errors.serviceName = encodeFieldError({ id: serviceNameMessage(nameRefused) });
        const gcps = prefixListError(newUser.gcps);
        if (gcps) errors.gcps = gcps;
        if (newUser.password !== String(data.get('confirmPassword') ?? '')) errors.confirmPassword = encodeFieldError({ id: 'account.passwordMismatch' });
        return errors;
      },
      apiErrors: (cause, data) => {
        const errors = apiFieldErrors(cause, API_CONTROLS);
        if (isApiError(cause) && cause.code === ERROR_CODES.SERVICE_NAME_TAKEN) errors.serviceName = encodeFieldError({ id: 'register.serviceName.taken' });
        const gcps = prefixFieldError(cause, 'newUser', readSignUp(data).gcps);
        if (gcps) errors.gcps = gcps;
        return errors;
      },
    },
  );

  const nameHint = (() => {
    // After a submit the error under the field says why; the live status would only repeat it.
    if (fieldErrors.serviceName) return <Hint id={ids.serviceHint}><FormattedMessage id="register.serviceName.help" /></Hint>;
    if (nameState.status === 'checking') return <Hint id={ids.serviceHint} aria-live="polite"><FormattedMessage id="register.serviceName.checking" /></Hint>;
    if (nameState.status === 'error') return <Hint id={ids.serviceHint} $tone="danger" aria-live="polite"><FormattedMessage id="error.unableToConnect" /></Hint>;
    if (nameState.status === 'checked') {
      const { available, reason } = nameState.check;
      return (
        <Hint id={ids.serviceHint} $tone={available ? 'success' : 'danger'} aria-live="polite" data-testid="service-name-status">
          <FormattedMessage id={available ? 'register.serviceName.available' : serviceNameMessage(reason)} />
        </Hint>
      );
    }
    return <Hint id={ids.serviceHint}><FormattedMessage id="register.serviceName.help" /></Hint>;
  })();

  /** The control's error props and the slot under it. */
  const errorOf = (id: string, name: string) => ({ props: fieldErrorProps(id, fieldErrors[name]), slot: <FieldErrorSlot inputId={id} error={fieldErrors[name]} /> });
  const company = errorOf(ids.company, 'companyName');
  const service = errorOf(ids.service, 'serviceName');
  const first = errorOf(ids.first, 'firstName');
  const last = errorOf(ids.last, 'lastName');
  const department = errorOf(ids.department, 'department');
  const email = errorOf(ids.email, 'email');
  const password = errorOf(ids.password, 'password');
  const confirm = errorOf(ids.confirm, 'confirmPassword');

  return (
    <AuthForm onSubmit={onSubmit} aria-describedby={error ? ids.error : undefined} data-testid="register-form" noValidate>
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
        <Input id={ids.company} name="companyName" required maxLength={100} autoComplete="organization" {...company.props} />
        {company.slot}
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
          onChange={(event) => {
            setServiceName(event.target.value.trim().toLowerCase());
            clearFieldError('serviceName');
          }}
          aria-invalid={Boolean(fieldErrors.serviceName) || nameRefused !== null}
          aria-describedby={fieldErrors.serviceName ? `${ids.serviceHint} ${fieldErrorId(ids.service)}` : ids.serviceHint}
        />
        {nameHint}
        {service.slot}
      </Field>
      {/* Category names are long in every language: the select and the prefixes get a row each. */}
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
      <CompanyPrefixField error={fieldErrors.gcps} />
      <Row>
        <Field>
          <Label htmlFor={ids.first}><FormattedMessage id="account.firstName" /></Label>
          <Input id={ids.first} name="firstName" required maxLength={100} autoComplete="given-name" {...first.props} />
          {first.slot}
        </Field>
        <Field>
          <Label htmlFor={ids.last}><FormattedMessage id="account.lastName" /></Label>
          <Input id={ids.last} name="lastName" required maxLength={100} autoComplete="family-name" {...last.props} />
          {last.slot}
        </Field>
      </Row>
      <Field>
        <Label htmlFor={ids.department}><FormattedMessage id="account.department" /></Label>
        <Input id={ids.department} name="department" maxLength={100} {...department.props} />
        {department.slot}
      </Field>
      {/* The sign-up page's language is the likely choice; the account's e-mails follow this one. */}
      <MailLanguageField defaultValue={language} testId="register-mail-language" />
      <Field>
        <Label htmlFor={ids.email}><FormattedMessage id="login.email" /></Label>
        <Input id={ids.email} name="email" type="email" required autoComplete="email" {...email.props} data-testid="register-email" />
        {email.slot}
      </Field>
      <Row>
        <Field>
          <Label htmlFor={ids.password}><FormattedMessage id="login.password" /></Label>
          <PasswordInput id={ids.password} name="password" required minLength={PASSWORD_MIN_LENGTH} autoComplete="new-password" {...password.props} />
          {password.slot}
        </Field>
        <Field>
          <Label htmlFor={ids.confirm}><FormattedMessage id="account.confirmPassword" /></Label>
          <PasswordInput id={ids.confirm} name="confirmPassword" required minLength={PASSWORD_MIN_LENGTH} autoComplete="new-password" {...confirm.props} />
          {confirm.slot}
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
        progress={logo.length > 0 ? progress : null}
        disabled={submitting}
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
