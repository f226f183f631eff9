import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { COUNTRY_CODES, PLACE_NAME_MAX, PLACE_POSTAL_CODE_MAX, PLACE_TEXT_MAX, PLACE_TYPES, placeCreateBodySchema, type CompanyPlace, type PlaceCreateInput, type PlaceType } from '@product-console/shared';
import { useCountryNames } from '@/components/country-multi-select';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogContent, DialogOverlay, DialogPortal, DialogRoot, DialogTitle } from '@/components/ui/dialog';
import { Field, FormAlert, Input, Label, Select } from '@/components/ui/field';
import { FieldError, Hint, Row } from '@/components/ui/form-controls';
import { Spinner } from '@/components/ui/spinner';

/** The fields of the place form, as typed; '' for an empty field. */
export interface PlaceForm {
  gln: string;
  extension: string;
  name: string;
  type: PlaceType;
  streetAddress: string;
  city: string;
  postalCode: string;
  region: string;
  countryCode: string;
  latitude: string;
  longitude: string;
  parentId: string;
}

const EMPTY: PlaceForm = { gln: '', extension: '', name: '', type: 'site', streetAddress: '', city: '', postalCode: '', region: '', countryCode: '', latitude: '', longitude: '', parentId: '' };

const text = (value: string | null) => value ?? '';

export const formOfPlace = (place: CompanyPlace | null): PlaceForm =>
  place
    ? {
        gln: text(place.gln),
        extension: text(place.extension),
        name: place.name,
        type: place.type,
        streetAddress: text(place.streetAddress),
        city: text(place.city),
        postalCode: text(place.postalCode),
        region: text(place.region),
        countryCode: text(place.countryCode),
        latitude: place.latitude === null ? '' : String(place.latitude),
        longitude: place.longitude === null ? '' : String(place.longitude),
        parentId: place.parentId === null ? '' : String(place.parentId),
      }
    : EMPTY;

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value.trim().replace(',', '.')));

/** The request body of the form (the API checks it again). */
export const bodyOfPlaceForm = (form: PlaceForm): PlaceCreateInput => ({
  gln: form.gln.trim(),
  extension: orNull(form.extension),
  name: form.name.trim(),
  type: form.type,
  streetAddress: orNull(form.streetAddress),
  city: orNull(form.city),
  postalCode: orNull(form.postalCode),
  region: orNull(form.region),
  countryCode: orNull(form.countryCode),
  latitude: numberOrNull(form.latitude),
  longitude: numberOrNull(form.longitude),
  parentId: form.parentId === '' ? null : Number(form.parentId),
});

type ProblemId = 'places.form.glnInvalid' | 'places.form.extensionInvalid' | 'places.form.nameRequired' | 'places.form.coordinatesInvalid';
const PROBLEMS: Partial<Record<keyof PlaceForm, ProblemId>> = {
  gln: 'places.form.glnInvalid',
  extension: 'places.form.extensionInvalid',
  name: 'places.form.nameRequired',
  latitude: 'places.form.coordinatesInvalid',
  longitude: 'places.form.coordinatesInvalid',
};

interface PlaceDialogProps {
  /** Open to add (`'new'`) or to edit a place; null: closed. */
  target: CompanyPlace | 'new' | null;
  /** The places it may be inside (the picker's choices; the place itself is left out). */
  parents: readonly CompanyPlace[];
  onSave: (form: PlaceForm, place: CompanyPlace | null) => Promise<void>;
  onClose: () => void;
  errorOf: (cause: unknown) => string;
}

/** Adds or edits a place: GLN and extension, name, type, address, country, coordinates and the place it is inside. */
export function PlaceDialog({ target, parents, onSave, onClose, errorOf }: PlaceDialogProps) {
  const intl = useIntl();
  const id = useId();
  const countryName = useCountryNames();
  const place = target === 'new' || target === null ? null : target;
  const [form, setForm] = useState<PlaceForm>(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<keyof PlaceForm, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const countries = useMemo(() => [...COUNTRY_CODES].map((code) => ({ code, name: countryName(code) })).sort((a, b) => a.name.localeCompare(b.name, intl.locale)), [countryName, intl.locale]);

  useEffect(() => {
    setForm(formOfPlace(place));
    setProblems({});
    setFailure(null);
  }, [target, place]);

  if (target === null) return null;

  const set = (name: keyof PlaceForm) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = placeCreateBodySchema.safeParse(bodyOfPlaceForm(form));
    const found: Partial<Record<keyof PlaceForm, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof PlaceForm;
        const problem = PROBLEMS[field];
        if (problem && !found[field]) found[field] = intl.formatMessage({ id: problem });
      }
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    setFailure(null);
    try {
      await onSave(form, place);
      onClose();
    } catch (cause) {
      setFailure(errorOf(cause));
    } finally {
      setSaving(false);
    }
  }

  const field = (name: keyof PlaceForm, label: Parameters<typeof intl.formatMessage>[0]['id'], props: Record<string, unknown> = {}) => (
    <Field>
      <Label htmlFor={`${id}-${name}`}>
        <FormattedMessage id={label} />
      </Label>
      <Input
        id={`${id}-${name}`}
        value={form[name]}
        onChange={set(name)}
        aria-invalid={Boolean(problems[name])}
        aria-describedby={problems[name] ? `${id}-${name}-error` : undefined}
        data-testid={`place-${name}`}
        {...props}
      />
      {problems[name] ? (
        <FieldError id={`${id}-${name}-error`} role="alert" data-testid={`place-${name}-error`}>
          {problems[name]}
        </FieldError>
      ) : null}
    </Field>
  );

  return (
    <DialogRoot open onOpenChange={(open) => (!open && !saving ? onClose() : undefined)}>
      <DialogPortal>
        <DialogOverlay />
        <DialogContent $width={600} aria-describedby={undefined} data-testid="place-dialog">
          <DialogTitle>
            <FormattedMessage id={place ? 'places.form.editTitle' : 'places.form.addTitle'} />
          </DialogTitle>
          <form onSubmit={(event) => void submit(event)} noValidate>
            <Row>
              {field('gln', 'places.column.gln', { inputMode: 'numeric', maxLength: 13, autoFocus: true, placeholder: '9521234000006' })}
              {field('extension', 'places.form.extension', { maxLength: 20 })}
            </Row>
            <Hint>
              <FormattedMessage id="places.form.glnHint" />
            </Hint>
            {field('name', 'places.column.name', { maxLength: PLACE_NAME_MAX })}
            <Row>
              <Field>
                <Label htmlFor={`${id}-type`}>
                  <FormattedMessage id="places.column.type" />
                </Label>
                <Select id={`${id}-type`} value={form.type} onChange={set('type')} data-testid="place-type">
                  {PLACE_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {intl.formatMessage({ id: `places.type.${type}` })}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field>
                <Label htmlFor={`${id}-parent`}>
                  <FormattedMessage id="places.form.parent" />
                </Label>
                <Select id={`${id}-parent`} value={form.parentId} onChange={set('parentId')} data-testid="place-parent">
                  <option value="">{intl.formatMessage({ id: 'places.form.noParent' })}</option>
                  {parents
                    .filter((candidate) => candidate.placeId !== place?.placeId)
                    .map((candidate) => (
                      <option key={candidate.placeId} value={String(candidate.placeId)}>
                        {candidate.name}
                      </option>
                    ))}
                </Select>
              </Field>
            </Row>
            {field('streetAddress', 'places.form.streetAddress', { maxLength: PLACE_TEXT_MAX, autoComplete: 'off' })}
            <Row>
              {field('city', 'places.column.city', { maxLength: PLACE_TEXT_MAX })}
              {field('postalCode', 'places.form.postalCode', { maxLength: PLACE_POSTAL_CODE_MAX })}
            </Row>
            <Row>
              {field('region', 'places.form.region', { maxLength: PLACE_TEXT_MAX })}
              <Field>
                <Label htmlFor={`${id}-country`}>
                  <FormattedMessage id="places.column.country" />
                </Label>
                <Select id={`${id}-country`} value={form.countryCode} onChange={set('countryCode')} data-testid="place-countryCode">
                  <option value="">{intl.formatMessage({ id: 'places.form.noCountry' })}</option>
                  {countries.map((country) => (
                    <option key={country.code} value={country.code}>
                      {country.name}
                    </option>
                  ))}
                </Select>
              </Field>
            </Row>
            <Row>
              {field('latitude', 'places.form.latitude', { inputMode: 'decimal', placeholder: '37.5665' })}
              {field('longitude', 'places.form.longitude', { inputMode: 'decimal', placeholder: '126.978' })}
            </Row>
            <Hint>
              <FormattedMessage id="places.form.coordinatesHint" />
            </Hint>
            {failure ? (
              <FormAlert role="alert" data-testid="place-dialog-error">
                {failure}
              </FormAlert>
            ) : null}
            <DialogActions>
              <Button type="button" $variant="outline" onClick={onClose} disabled={saving}>
                <FormattedMessage id="places.form.cancel" />
              </Button>
              <Button type="submit" disabled={saving} data-testid="place-save">
                {saving ? <Spinner size={14} /> : null}
                <FormattedMessage id="places.form.save" />
              </Button>
            </DialogActions>
          </form>
        </DialogContent>
      </DialogPortal>
    </DialogRoot>
  );
}
