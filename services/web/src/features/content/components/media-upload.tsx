import { useState } from 'react';
import { useIntl } from 'react-intl';
import { DropZone } from '@/components/ui/drop-zone';
import { apiErrorMessage } from '@/lib/api-error-message';
import { fileUrl } from '@/lib/files';
import { FieldError } from '@/components/ui/form-controls';
import { uploadContentMedia } from '@/features/content/api/upload-media';

interface MediaUploadProps {
  productId: number;
  label: string;
  testId: string;
  accept: readonly string[];
  maxBytes: number;
  /** The stored path (`/files/...`) the field holds, or ''. */
  value: string;
  onChange: (path: string) => void;
  /** Images show the stored one with a remove button; a video is named by its address elsewhere. */
  image?: boolean;
  alt?: string;
}

/** A file for a block or the logo, sent at once to the content upload call with its progress. */
export function MediaUpload({ productId, label, testId, accept, maxBytes, value, onChange, image = true, alt = '' }: MediaUploadProps) {
  const intl = useIntl();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function upload(picked: File[]) {
    setFiles(picked);
    const file = picked[0];
    if (!file) return;
    setProblem(null);
    setProgress(0);
    try {
      const stored = await uploadContentMedia(productId, file, setProgress);
      onChange(stored.path);
      setFiles([]);
    } catch (cause) {
      setProblem(apiErrorMessage(intl, cause));
    } finally {
      setProgress(null);
    }
  }

  const stored = image && value.startsWith('/files/') ? [{ key: value, src: fileUrl(value), alt: alt || label }] : [];
  return (
    <>
      <DropZone
        label={label}
        testId={testId}
        accept={accept}
        maxBytes={maxBytes}
        files={files}
        onChange={(picked) => void upload(picked)}
        stored={stored}
        onRemoveStored={() => onChange('')}
        thumbnails={image}
        progress={progress}
        disabled={progress !== null}
      />
      {problem ? (
        <FieldError role="alert" data-testid={`${testId}-upload-error`}>
          {problem}
        </FieldError>
      ) : null}
    </>
  );
}
