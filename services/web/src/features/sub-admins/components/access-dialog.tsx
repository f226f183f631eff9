import { useEffect, useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { ACCESS_RESOURCES, type AccessInfoBody, type SubAdmin } from '@product-console/shared';
import { AlertIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogContent, DialogDescription, DialogOverlay, DialogPortal, DialogRoot, DialogTitle } from '@/components/ui/dialog';
import { Field, FormAlert, Label, Select } from '@/components/ui/field';
import { FieldErrorSlot, fieldErrorId, fieldErrorProps } from '@/components/ui/field-error';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-error-message';
import { apiFieldErrors, encodeFieldError } from '@/lib/field-errors';
import type { MessageId } from '@/lib/i18n';
import { useProjects } from '@/lib/projects';
import { getSubAdminAccess, setSubAdminAccess } from '@/features/sub-admins/api/sub-admins';

const Body = styled.form`
  display: flex;
  flex-direction: column;
  gap: 14px;
  margin-top: 16px;
`;

const ProjectSelect = styled(Select)`
  height: 40px;
`;

const Matrix = styled.table`
  width: 100%;
  border-collapse: collapse;
  th, td { padding: 8px; text-align: left; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  td:not(:first-child), th:not(:first-child) { text-align: center; width: 90px; }
  input { width: 18px; height: 18px; }
`;

type Flags = Record<(typeof ACCESS_RESOURCES)[number], { r: boolean; w: boolean }>;
const NONE: Flags = Object.fromEntries(ACCESS_RESOURCES.map((resource) => [resource, { r: false, w: false }])) as Flags;

/** The API's names of the fields and the dialog's: the project list, and every flag of the matrix. */
const API_FIELDS: Record<string, string> = {
  projectIds: 'project',
  accessInfo: 'access',
  ...Object.fromEntries(ACCESS_RESOURCES.flatMap((resource) => [`accessInfo.${resource}`, `accessInfo.${resource}.r`, `accessInfo.${resource}.w`].map((path) => [path, 'access']))),
};

interface AccessDialogProps {
  subAdmin: SubAdmin | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Per project, read/write flags per resource (product, link, content, design, trace). */
export function AccessDialog({ subAdmin, onClose, onSaved }: AccessDialogProps) {
  const intl = useIntl();
  const projects = useProjects();
  const selectId = useId();
  const matrixId = useId();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [projectId, setProjectId] = useState<number | null>(null);
  const [flags, setFlags] = useState<Flags>(NONE);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const list = projects.data?.result ?? [];

  useEffect(() => {
    if (subAdmin && projectId === null && list.length > 0) setProjectId(list[0].project_id);
  }, [subAdmin, projectId, list]);

  useEffect(() => {
    if (!subAdmin || projectId === null) return;
    let cancelled = false;
    setLoading(true);
    setError(null);
    getSubAdminAccess(subAdmin.user_id, projectId)
      .then(({ accessInfo }) => !cancelled && setFlags({ ...NONE, ...(accessInfo as Partial<Flags>) }))
      .catch((cause: unknown) => !cancelled && setError(apiErrorMessage(intl, cause)))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [subAdmin, projectId, intl]);

  function close() {
    setProjectId(null);
    setFlags(NONE);
    setError(null);
    setFieldErrors({});
    onClose();
  }

  function toggle(resource: keyof Flags, flag: 'r' | 'w', value: boolean) {
    setFlags((current) => {
      const next = { ...current[resource], [flag]: value };
      if (flag === 'w' && value) next.r = true; // writing needs reading
      if (flag === 'r' && !value) next.w = false;
      return { ...current, [resource]: next };
    });
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!subAdmin) return;
    if (projectId === null) {
      setFieldErrors({ project: encodeFieldError({ id: 'form.required' }) });
      return;
    }
    setSaving(true);
    setError(null);
    setFieldErrors({});
    try {
      await setSubAdminAccess(subAdmin.user_id, [projectId], flags as AccessInfoBody);
      onSaved();
      close();
    } catch (cause) {
      setError(apiErrorMessage(intl, cause));
      setFieldErrors(apiFieldErrors(cause, API_FIELDS));
    } finally {
      setSaving(false);
    }
  }

  const name = subAdmin ? `${subAdmin.first_name} ${subAdmin.last_name}`.trim() : '';
  return (
    <DialogRoot open={subAdmin !== null} onOpenChange={(open) => !open && !saving && close()}>
      <DialogPortal>
        <DialogOverlay />
        <DialogContent data-testid="access-dialog" $width={560}>
          <DialogTitle>
            <FormattedMessage id="subAdmins.accessTitle" values={{ name }} />
          </DialogTitle>
          <DialogDescription>
            <FormattedMessage id="subAdmins.accessHint" />
          </DialogDescription>
          <Body onSubmit={(event) => void save(event)} noValidate>
            {error ? (
              <FormAlert role="alert">
                <AlertIcon size={18} />
                <span>{error}</span>
              </FormAlert>
            ) : null}
            {list.length === 0 && !projects.isLoading ? (
              <p>
                <FormattedMessage id="subAdmins.noProjects" />
              </p>
            ) : (
              <>
                <Field>
                  <Label htmlFor={selectId}>
                    <FormattedMessage id="subAdmins.project" />
                  </Label>
                  <ProjectSelect
                    id={selectId}
                    required
                    value={projectId ?? ''}
                    onChange={(event) => {
                      setProjectId(Number(event.target.value));
                      setFieldErrors({});
                    }}
                    data-testid="access-project"
                    {...fieldErrorProps(selectId, fieldErrors.project)}
                  >
                    {list.map((project) => (
                      <option key={project.project_id} value={project.project_id}>
                        {project.project_name}
                      </option>
                    ))}
                  </ProjectSelect>
                  <FieldErrorSlot inputId={selectId} error={fieldErrors.project} />
                </Field>
                <Matrix aria-busy={loading} {...(fieldErrors.access ? { 'aria-describedby': fieldErrorId(matrixId) } : {})}>
                  <thead>
                    <tr>
                      <th scope="col"><FormattedMessage id="subAdmins.resource" /></th>
                      <th scope="col"><FormattedMessage id="subAdmins.read" /></th>
                      <th scope="col"><FormattedMessage id="subAdmins.write" /></th>
                    </tr>
                  </thead>
                  <tbody>
                    {ACCESS_RESOURCES.map((resource) => {
                      const label = intl.formatMessage({ id: `subAdmins.resource.${resource}` as MessageId });
                      return (
                        <tr key={resource}>
                          <th scope="row">{label}</th>
                          {(['r', 'w'] as const).map((flag) => (
                            <td key={flag}>
                              <input
                                type="checkbox"
                                checked={flags[resource][flag]}
                                disabled={loading}
                                onChange={(event) => toggle(resource, flag, event.target.checked)}
                                aria-label={intl.formatMessage({ id: flag === 'r' ? 'subAdmins.readOf' : 'subAdmins.writeOf' }, { resource: label })}
                                data-testid={`access-${resource}-${flag}`}
                              />
                            </td>
                          ))}
                        </tr>
                      );
                    })}
                  </tbody>
                </Matrix>
                <FieldErrorSlot inputId={matrixId} error={fieldErrors.access} />
              </>
            )}
            <DialogActions>
              <Button $variant="outline" onClick={close} disabled={saving}>
                <FormattedMessage id="common.cancel" />
              </Button>
              <Button type="submit" disabled={saving || loading || list.length === 0} aria-busy={saving} data-testid="access-save">
                {saving ? <Spinner size={16} /> : null}
                <FormattedMessage id="common.save" />
              </Button>
            </DialogActions>
          </Body>
        </DialogContent>
      </DialogPortal>
    </DialogRoot>
  );
}
