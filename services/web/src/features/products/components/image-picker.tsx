import { useEffect, useId, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { Field, Label } from '@/components/ui/field';
import { fileUrl } from '@/lib/files';
import { ACCEPTED_IMAGES, MAX_UPLOAD_BYTES } from '@/features/products/components/product-form-model';
import { FieldError, Hint, ThumbItem, Thumbs } from '@/components/ui/form-controls';

function useObjectUrls(files: File[]): string[] {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return urls;
}

interface ImagePickerProps {
  label: string;
  testId: string;
  multiple?: boolean;
  max: number;
  /** Stored images (paths) kept by the form. */
  stored?: string[];
  onRemoveStored?: (path: string) => void;
  files: File[];
  onChange: (files: File[]) => void;
}

/** Picks images (checked for type and size here, and by content on the server) and previews them. */
export function ImagePicker({ label, testId, multiple = false, max, stored = [], onRemoveStored, files, onChange }: ImagePickerProps) {
  const intl = useIntl();
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const previews = useObjectUrls(files);
  const room = max - stored.length - files.length;

  function add(list: FileList | null) {
    setProblem(null);
    const picked = [...(list ?? [])];
    const accepted = picked.filter((file) => ACCEPTED_IMAGES.split(',').includes(file.type) && file.size <= MAX_UPLOAD_BYTES);
    if (accepted.length < picked.length) setProblem(intl.formatMessage({ id: 'products.images.invalid' }));
    if (!multiple) {
      onChange(accepted.slice(0, 1));
      return;
    }
    if (accepted.length > room) setProblem(intl.formatMessage({ id: 'products.images.tooMany' }, { max }));
    onChange([...files, ...accepted.slice(0, Math.max(0, room))]);
  }

  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <input
        id={id}
        type="file"
        accept={ACCEPTED_IMAGES}
        multiple={multiple}
        data-testid={testId}
        disabled={multiple && room <= 0}
        onChange={(event) => {
          add(event.target.files);
          event.target.value = '';
        }}
      />
      <Hint>
        <FormattedMessage id="products.images.hint" values={{ max }} />
      </Hint>
      {problem ? <FieldError role="alert">{problem}</FieldError> : null}
      {stored.length + files.length > 0 ? (
        <Thumbs data-testid={`${testId}-previews`}>
          {stored.map((path, index) => (
            <ThumbItem key={path} data-testid={`${testId}-stored-${index}`}>
              <img src={fileUrl(path)} alt={intl.formatMessage({ id: 'products.images.stored' }, { index: index + 1 })} />
              {onRemoveStored ? (
                <Button $size="sm" $variant="outline" onClick={() => onRemoveStored(path)} data-testid={`${testId}-remove-stored-${index}`}>
                  <FormattedMessage id="products.images.remove" />
                </Button>
              ) : null}
            </ThumbItem>
          ))}
          {files.map((file, index) => (
            <ThumbItem key={`${file.name}-${index}`} data-testid={`${testId}-new-${index}`}>
              <img src={previews[index]} alt={file.name} />
              <Button $size="sm" $variant="outline" onClick={() => onChange(files.filter((_, i) => i !== index))} data-testid={`${testId}-remove-new-${index}`}>
                <FormattedMessage id="products.images.remove" />
              </Button>
            </ThumbItem>
          ))}
        </Thumbs>
      ) : null}
    </Field>
  );
}
