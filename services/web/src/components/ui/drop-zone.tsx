import { useEffect, useId, useMemo, useRef, useState, type ClipboardEvent, type DragEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { FieldError, Hint, UploadProgress } from '@/components/ui/form-controls';

/** An image the form already has on the server (kept unless removed). */
export interface StoredFile {
  key: string;
  src: string;
  alt: string;
}

export interface DropZoneProps {
  label: string;
  testId: string;
  /** MIME types (`image/png`, `image/*`) or extensions (`.csv`), as for `<input accept>`. */
  accept: readonly string[];
  maxBytes: number;
  multiple?: boolean;
  /** How many files the field holds at most, stored ones included (1 unless `multiple`). */
  max?: number;
  files: File[];
  onChange: (files: File[]) => void;
  stored?: StoredFile[];
  onRemoveStored?: (key: string) => void;
  /** Images get a preview; a spreadsheet gets its name and size. */
  thumbnails?: boolean;
  hint?: ReactNode;
  /** 0..1 while the form's upload is under way. */
  progress?: number | null;
  disabled?: boolean;
}

function matchesAccept(file: File, accept: readonly string[]): boolean {
  const name = file.name.toLowerCase();
  return accept.some((entry) => {
    const rule = entry.trim().toLowerCase();
    if (rule.startsWith('.')) return name.endsWith(rule);
    if (rule.endsWith('/*')) return file.type.startsWith(rule.slice(0, -1));
    return file.type === rule;
  });
}

/** A short word for each accepted type, for the hint and the type error (PNG, JPEG, CSV...). */
function typeNames(accept: readonly string[]): string {
  const names = accept.map((entry) => {
    const rule = entry.trim().toLowerCase();
    if (rule.startsWith('.')) return rule.slice(1).toUpperCase();
    const subtype = rule.split('/')[1] ?? rule;
    if (subtype.includes('spreadsheetml')) return 'XLSX';
    if (subtype === 'webp') return 'WebP';
    return subtype === '*' ? rule : subtype.toUpperCase();
  });
  return [...new Set(names)].join(', ');
}

function useObjectUrls(files: File[], enabled: boolean): string[] {
  const urls = useMemo(() => (enabled ? files.map((file) => URL.createObjectURL(file)) : []), [files, enabled]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return urls;
}

/**
 * The one file picker of the console: drop, click (the real input stays in the DOM, visually
 * hidden, so the keyboard and browser tests reach it) or paste. Type and size are checked here,
 * before anything is sent; the server checks the content again.
 */
export function DropZone({
  label,
  testId,
  accept,
  maxBytes,
  multiple = false,
  max = multiple ? Number.POSITIVE_INFINITY : 1,
  files,
  onChange,
  stored = [],
  onRemoveStored,
  thumbnails = true,
  hint,
  progress = null,
  disabled = false,
}: DropZoneProps) {
  const intl = useIntl();
  const inputId = useId();
  const labelId = useId();
  const hintId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const previews = useObjectUrls(files, thumbnails);
  const room = max - stored.length - files.length;
  const full = multiple && room <= 0;
  const types = typeNames(accept);
  const megabytes = Math.round((maxBytes / (1024 * 1024)) * 10) / 10;

  function add(picked: File[]) {
    if (disabled || picked.length === 0) return;
    const found: string[] = [];
    const accepted = picked.filter((file) => {
      if (!matchesAccept(file, accept)) {
        found.push(intl.formatMessage({ id: 'dropZone.typeError' }, { name: file.name, types }));
        return false;
      }
      if (file.size > maxBytes) {
        found.push(intl.formatMessage({ id: 'dropZone.sizeError' }, { name: file.name, size: megabytes }));
        return false;
      }
      return true;
    });
    if (!multiple) {
      setProblems(found);
      if (accepted[0]) onChange([accepted[0]]);
      return;
    }
    const space = Math.max(0, room);
    if (accepted.length > space) found.push(intl.formatMessage({ id: 'dropZone.tooMany' }, { max }));
    setProblems(found);
    if (space > 0 && accepted.length > 0) onChange([...files, ...accepted.slice(0, space)]);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    add([...event.dataTransfer.files]);
  }

  function onPaste(event: ClipboardEvent<HTMLDivElement>) {
    const pasted = [...event.clipboardData.files];
    if (pasted.length === 0) return;
    event.preventDefault();
    add(pasted);
  }

  const instructions = intl.formatMessage({ id: multiple ? 'dropZone.instructionsMany' : 'dropZone.instructions' });
  const describedBy = [hintId, problems.length > 0 ? errorId : null].filter(Boolean).join(' ');

  return (
    <Wrapper onPaste={onPaste}>
      <FieldLabel id={labelId}>{label}</FieldLabel>
      <Area
        $dragging={dragging}
        $disabled={disabled || full}
        data-testid={`${testId}-zone`}
        onDragOver={(event) => {
          event.preventDefault();
          if (!dragging) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={accept.join(',')}
          multiple={multiple}
          disabled={disabled || full}
          aria-labelledby={labelId}
          aria-describedby={describedBy}
          data-testid={testId}
          onChange={(event) => {
            add([...(event.target.files ?? [])]);
            // Cleared so that picking the same file again after removing it fires a change.
            event.target.value = '';
          }}
        />
        <AreaLabel htmlFor={inputId} aria-hidden="true">
          <UploadIcon />
          <span>{instructions}</span>
          <Choose>{intl.formatMessage({ id: 'dropZone.choose' })}</Choose>
        </AreaLabel>
      </Area>
      <Hint id={hintId}>
        {hint ?? intl.formatMessage({ id: 'dropZone.hint' }, { types, size: megabytes })}
      </Hint>
      <Problems id={errorId} role="alert" data-testid={`${testId}-error`}>
        {problems.map((problem) => (
          <FieldError key={problem}>{problem}</FieldError>
        ))}
      </Problems>
      {stored.length + files.length > 0 ? (
        <Picked data-testid={`${testId}-previews`} $thumbnails={thumbnails}>
          {stored.map((item, index) => (
            <PickedItem key={item.key} $thumbnails={thumbnails} data-testid={`${testId}-stored-${index}`}>
              <img src={item.src} alt={item.alt} />
              {onRemoveStored ? (
                <RemoveButton
                  type="button"
                  aria-label={intl.formatMessage({ id: 'dropZone.remove' }, { name: item.alt })}
                  onClick={() => onRemoveStored(item.key)}
                  data-testid={`${testId}-remove-stored-${index}`}
                >
                  <CrossIcon />
                </RemoveButton>
              ) : null}
            </PickedItem>
          ))}
          {files.map((file, index) => (
            <PickedItem key={`${file.name}-${index}`} $thumbnails={thumbnails} data-testid={`${testId}-new-${index}`}>
              {thumbnails ? (
                <>
                  <img src={previews[index]} alt={file.name} />
                  <Caption title={file.name} data-testid={`${testId}-name-${index}`}>
                    {file.name}
                  </Caption>
                </>
              ) : (
                <FileName>
                  {file.name} <small>{intl.formatNumber(file.size / 1024, { maximumFractionDigits: 0 })} KB</small>
                </FileName>
              )}
              <RemoveButton
                type="button"
                aria-label={intl.formatMessage({ id: 'dropZone.remove' }, { name: file.name })}
                onClick={() => {
                  setProblems([]);
                  onChange(files.filter((_, i) => i !== index));
                }}
                data-testid={`${testId}-remove-new-${index}`}
              >
                <CrossIcon />
              </RemoveButton>
            </PickedItem>
          ))}
        </Picked>
      ) : null}
      {progress !== null ? (
        <UploadProgress
          max={1}
          value={progress}
          aria-label={intl.formatMessage({ id: 'wizard.uploading' }, { percent: Math.round(progress * 100) })}
          data-testid={`${testId}-progress`}
        />
      ) : null}
    </Wrapper>
  );
}

function UploadIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M12 16V4M7 9l5-5 5 5M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
    </svg>
  );
}

function CrossIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" aria-hidden="true">
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
`;

const FieldLabel = styled.span`
  font-size: 13px;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.text};
`;

const Area = styled.div<{ $dragging: boolean; $disabled: boolean }>`
  position: relative;
  border: 1.5px dashed ${({ theme, $dragging }) => ($dragging ? theme.colors.primary : theme.colors.borderStrong)};
  border-radius: 12px;
  background: ${({ theme, $dragging }) => ($dragging ? theme.colors.primarySoft : theme.colors.surface)};
  opacity: ${({ $disabled }) => ($disabled ? 0.55 : 1)};
  transition: border-color 0.15s ease, background 0.15s ease;
  &:focus-within {
    border-color: ${({ theme }) => theme.colors.primary};
    box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.primarySoft};
  }
  input {
    position: absolute;
    width: 1px;
    height: 1px;
    opacity: 0;
    overflow: hidden;
  }
`;

const AreaLabel = styled.label`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: 8px 10px;
  padding: 18px 14px;
  min-height: 72px;
  text-align: center;
  font-size: 13px;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  svg { color: ${({ theme }) => theme.colors.primary}; flex-shrink: 0; }
`;

const Choose = styled.span`
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
  text-decoration: underline;
  text-underline-offset: 3px;
`;

/** Empty until there is a problem; kept in the DOM so screen readers announce what appears. */
const Problems = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  &:empty { display: none; }
`;

const Picked = styled.ul<{ $thumbnails: boolean }>`
  display: flex;
  flex-wrap: wrap;
  flex-direction: ${({ $thumbnails }) => ($thumbnails ? 'row' : 'column')};
  gap: ${({ $thumbnails }) => ($thumbnails ? '12px' : '6px')};
  list-style: none;
  margin: 0;
  padding: 0;
`;

const PickedItem = styled.li<{ $thumbnails: boolean }>`
  position: relative;
  display: flex;
  align-items: center;
  gap: 8px;
  ${({ $thumbnails }) => ($thumbnails ? 'width: 96px; flex-direction: column; align-items: stretch; gap: 4px;' : 'max-width: 100%;')}
  img {
    width: 96px;
    height: 96px;
    object-fit: cover;
    border-radius: 10px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    display: block;
  }
  & > button {
    ${({ $thumbnails }) => ($thumbnails ? 'position: absolute; top: 4px; right: 4px;' : '')}
  }
`;

const FileName = styled.span`
  font-size: 13px;
  overflow-wrap: anywhere;
  small { color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** The picked file's name under its thumbnail, so the form says what was chosen. */
const Caption = styled.span`
  font-size: 12px;
  color: ${({ theme }) => theme.colors.textMuted};
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;

const RemoveButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 26px;
  height: 26px;
  border-radius: 50%;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  flex-shrink: 0;
  &:hover { color: ${({ theme }) => theme.colors.danger}; border-color: ${({ theme }) => theme.colors.danger}; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: 2px; }
`;
