import { useState } from 'react';
import { useIntl } from 'react-intl';
import { DropZone } from '@/components/ui/drop-zone';
import { FormAlert } from '@/components/ui/field';
import { apiErrorMessage } from '@/lib/api-error-message';
import { UPLOAD_MAX_BYTES } from '@/lib/files';
import { uploadPassportDocument } from '@/features/passport/api/passport-api';

interface DocumentUploadProps {
  productId: number;
  label: string;
  testId: string;
  /** The stored path of the uploaded file, with the file it came from. */
  onStored: (path: string, file: File) => void;
}

/** A passport or certificate document (PDF or image): uploaded as soon as it is picked, with progress and the API's refusal. */
export function DocumentUpload({ productId, label, testId, onStored }: DocumentUploadProps) {
  const intl = useIntl();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function upload(next: File[]) {
    setFiles(next);
    const file = next[0];
    if (!file) return;
    setProblem(null);
    setProgress(0);
    try {
      onStored(await uploadPassportDocument(productId, file, setProgress), file);
      setFiles([]);
    } catch (cause) {
      setProblem(apiErrorMessage(intl, cause));
    } finally {
      setProgress(null);
    }
  }

  return (
    <>
      <DropZone
        label={label}
        testId={testId}
        accept={['application/pdf', 'image/jpeg', 'image/png']}
        maxBytes={UPLOAD_MAX_BYTES}
        files={files}
        onChange={(next) => void upload(next)}
        thumbnails={false}
        progress={progress}
        disabled={progress !== null}
      />
      {problem ? <FormAlert role="alert">{problem}</FormAlert> : null}
    </>
  );
}
