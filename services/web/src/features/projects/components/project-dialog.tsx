import { useState } from 'react';
import styled from 'styled-components';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { createProjectBodySchema, type CreateProjectBody, type Project } from '@product-console/shared';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogContent, DialogOverlay, DialogPortal, DialogRoot, DialogTitle } from '@/components/ui/dialog';
import { Field, FormAlert, Input, Label } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-error-message';
import { showApiFieldErrors } from '@/lib/field-errors';
import { formResolver } from '@/lib/form-resolver';
import { TextArea } from '@/components/ui/form-controls';
import { FieldErrorSlot, fieldErrorProps } from '@/components/ui/field-error';

const Form = styled.form`
  display: grid;
  gap: 14px;
`;

interface ProjectDialogProps {
  open: boolean;
  /** The project to rename and describe; absent to create one. */
  project?: Project;
  onOpenChange: (open: boolean) => void;
  onSave: (values: CreateProjectBody) => Promise<unknown>;
}

/** Create a project, or rename and describe one. */
export function ProjectDialog({ open, project, onOpenChange, onSave }: ProjectDialogProps) {
  const intl = useIntl();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset, setError } = useForm({
    resolver: formResolver(createProjectBodySchema),
    values: { project_name: project?.project_name ?? '', description: project?.description ?? '' },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSave(values);
      reset();
      onOpenChange(false);
    } catch (error) {
      setFailure(apiErrorMessage(intl, error));
      showApiFieldErrors(error, createProjectBodySchema.shape, setError);
    }
  });

  return (
    <DialogRoot open={open} onOpenChange={(next) => !formState.isSubmitting && onOpenChange(next)}>
      <DialogPortal>
        <DialogOverlay />
        <DialogContent data-testid="project-dialog" aria-describedby={undefined}>
          <DialogTitle>
            <FormattedMessage id={project ? 'projects.edit' : 'projects.create'} />
          </DialogTitle>
          <Form onSubmit={(event) => void submit(event)} noValidate>
            {failure ? <FormAlert role="alert">{failure}</FormAlert> : null}
            <Field>
              <Label htmlFor="project-name">
                <FormattedMessage id="projects.name" />
              </Label>
              <Input
                id="project-name"
                data-testid="project-name-input"
                {...fieldErrorProps('project-name', formState.errors.project_name?.message)}
                {...register('project_name')}
              />
              <FieldErrorSlot inputId="project-name" error={formState.errors.project_name?.message} />
            </Field>
            <Field>
              <Label htmlFor="project-description">
                <FormattedMessage id="projects.description" />
              </Label>
              <TextArea
                id="project-description"
                rows={3}
                data-testid="project-description-input"
                {...fieldErrorProps('project-description', formState.errors.description?.message)}
                {...register('description')}
              />
              <FieldErrorSlot inputId="project-description" error={formState.errors.description?.message} />
            </Field>
            <DialogActions>
              <Button $variant="outline" onClick={() => onOpenChange(false)} disabled={formState.isSubmitting}>
                <FormattedMessage id="common.cancel" />
              </Button>
              <Button type="submit" disabled={formState.isSubmitting} data-testid="project-save">
                {formState.isSubmitting ? <Spinner size={16} /> : null}
                <FormattedMessage id="common.save" />
              </Button>
            </DialogActions>
          </Form>
        </DialogContent>
      </DialogPortal>
    </DialogRoot>
  );
}
