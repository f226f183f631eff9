import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { DEFAULT_LANGUAGE, isMediaBlockType, isUntranslated, VIDEO_MIME_TYPES, VIDEO_UPLOAD_MAX_BYTES, type TextStyle } from '@product-console/shared';
import { CopyIcon, TrashIcon } from '@/components/icons';
import { IconButton } from '@/components/ui/button';
import { Field, Input, Label } from '@/components/ui/field';
import { FieldErrorSlot, fieldErrorProps } from '@/components/ui/field-error';
import { Hint, TextArea } from '@/components/ui/form-controls';
import { IMAGE_TYPES, UPLOAD_MAX_BYTES } from '@/lib/files';
import { blockInput, type DraftBlock } from '@/features/content/model/draft';
import { BLOCK_TYPE_NAMES } from '@/features/content/components/block-types';
import { MediaUpload } from '@/features/content/components/media-upload';
import { TextStyleControls } from '@/features/content/components/text-style-controls';
import { TranslateCopy } from '@/features/content/components/translate-copy';

interface BlockCardProps {
  block: DraftBlock;
  index: number;
  /** "Block 2, Text": how the block is named to screen readers. */
  name: string;
  /** The language whose text is edited (media blocks have only DEFAULT). */
  language: string;
  /** The page's default language, which DEFAULT's copies are written in (the source of a translation). */
  sourceLanguage: string;
  productId: number;
  /** The page's colours, which a text without its own is drawn in. */
  page: { background: string; textColor: string };
  /** The API's field errors of this block, by field (`input.ko`, `label`...). */
  errors?: Record<string, string>;
  onChange: (change: (block: DraftBlock) => DraftBlock) => void;
  onDuplicate: () => void;
  onDelete: () => void;
}

/** One block of the page, edited in place; its handle drags it (or moves it from the keyboard). */
export function BlockCard({ block, index, name, language, sourceLanguage, productId, page, errors = {}, onChange, onDuplicate, onDelete }: BlockCardProps) {
  const intl = useIntl();
  const isFooter = block.type === 'footer';
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: block.key, disabled: isFooter });
  const inputLanguage = isMediaBlockType(block.type) ? DEFAULT_LANGUAGE : language;
  const id = `block-${block.key}`;
  const inputId = `${id}-input`;
  const inputError = errors[`input.${inputLanguage}`] ?? errors['inputs'];
  const value = blockInput(block, inputLanguage);
  // A copy nobody wrote is never published: the author sees which ones still wait (issue 29).
  const unwritten = (block.type === 'title' || block.type === 'text' || block.type === 'html') && isUntranslated(block.inputs, inputLanguage);
  const translatable = unwritten && inputLanguage !== DEFAULT_LANGUAGE && !isUntranslated(block.inputs, DEFAULT_LANGUAGE);
  const unwrittenNote = unwritten ? (
    <>
      <Hint id={`${inputId}-unwritten`} data-testid={`block-${index}-untranslated`}>
        <FormattedMessage id={inputLanguage === DEFAULT_LANGUAGE ? 'content.block.unwritten' : 'content.block.untranslated'} />
      </Hint>
      {translatable ? (
        <TranslateCopy
          source={sourceLanguage}
          target={inputLanguage}
          text={blockInput(block, DEFAULT_LANGUAGE)}
          format={block.type === 'html' ? 'html' : 'text'}
          onTranslated={(translated) => setInput(translated)}
          testId={`block-${index}-translate`}
        />
      ) : null}
    </>
  ) : null;
  const setInput = (inputData: string) =>
    onChange((current) => {
      const has = current.inputs.some((input) => input.languageCode === inputLanguage);
      return {
        ...current,
        inputs: has
          ? current.inputs.map((input) => (input.languageCode === inputLanguage ? { ...input, inputData } : input))
          : [...current.inputs, { languageCode: inputLanguage, inputData }],
      };
    });
  // The label (a link's text, an image's alt text) is written per language: DEFAULT's is `label`, the
  // others are `labels`; an empty one shows DEFAULT's to shoppers, as its placeholder says.
  const ownLabel = language === DEFAULT_LANGUAGE;
  const labelValue = ownLabel ? block.label : (block.labels.find((item) => item.languageCode === language)?.inputData ?? '');
  const labelError = ownLabel ? errors['label'] : errors[`label.${language}`];
  const setLabel = (label: string) =>
    onChange((current) =>
      ownLabel
        ? { ...current, label }
        : { ...current, labels: [...current.labels.filter((item) => item.languageCode !== language), { languageCode: language, inputData: label }] },
    );
  const setStyle = (style: TextStyle) => onChange((current) => ({ ...current, style }));

  return (
    <Item
      ref={setNodeRef}
      $transform={CSS.Translate.toString(transform)}
      $transition={transition}
      $dragging={isDragging}
      data-block-index={index}
      data-testid={`block-${index}`}
      data-block-type={block.type}
      aria-label={name}
    >
      <Head>
        {isFooter ? (
          <Pinned title={intl.formatMessage({ id: 'content.block.footerPinned' })}>⋯</Pinned>
        ) : (
          <Handle
            ref={setActivatorNodeRef}
            type="button"
            {...attributes}
            {...listeners}
            aria-label={intl.formatMessage({ id: 'content.block.move' }, { block: name })}
            data-testid={`block-${index}-handle`}
          >
            <GripIcon />
          </Handle>
        )}
        <TypeName>{intl.formatMessage({ id: BLOCK_TYPE_NAMES[block.type] })}</TypeName>
        <Actions>
          {!isFooter ? (
            <IconButton onClick={onDuplicate} aria-label={intl.formatMessage({ id: 'content.block.duplicate' }, { block: name })} data-testid={`block-${index}-duplicate`}>
              <CopyIcon size={18} />
            </IconButton>
          ) : null}
          <IconButton onClick={onDelete} aria-label={intl.formatMessage({ id: 'content.block.delete' }, { block: name })} data-testid={`block-${index}-delete`}>
            <TrashIcon size={18} />
          </IconButton>
        </Actions>
      </Head>
      <Body>
        {block.type === 'title' ? (
          <Field>
            <Label htmlFor={inputId}>
              <FormattedMessage id="content.field.titleText" />
            </Label>
            <Input id={inputId} value={value} maxLength={5000} onChange={(event) => setInput(event.target.value)} {...fieldErrorProps(inputId, inputError)} data-testid={`block-${index}-text`} />
            {unwrittenNote}
            <FieldErrorSlot inputId={inputId} error={inputError} />
          </Field>
        ) : null}
        {block.type === 'text' || block.type === 'footer' || block.type === 'html' ? (
          <Field>
            <Label htmlFor={inputId}>
              <FormattedMessage id={block.type === 'html' ? 'content.field.html' : block.type === 'footer' ? 'content.field.footerText' : 'content.field.text'} />
            </Label>
            <TextArea
              id={inputId}
              rows={block.type === 'html' ? 6 : 3}
              value={value}
              spellCheck={block.type !== 'html'}
              onChange={(event) => setInput(event.target.value)}
              {...fieldErrorProps(inputId, inputError)}
              data-testid={`block-${index}-text`}
            />
            {block.type === 'html' ? (
              <Hint>
                <FormattedMessage id="content.field.htmlHint" />
              </Hint>
            ) : null}
            {unwrittenNote}
            <FieldErrorSlot inputId={inputId} error={inputError} />
          </Field>
        ) : null}
        {block.type === 'image' ? (
          <>
            <MediaUpload
              productId={productId}
              label={intl.formatMessage({ id: 'content.field.image' })}
              testId={`block-${index}-image`}
              accept={IMAGE_TYPES}
              maxBytes={UPLOAD_MAX_BYTES}
              value={value}
              alt={block.label}
              onChange={setInput}
            />
            <FieldErrorSlot inputId={`${id}-image`} error={inputError} />
            <LabelField id={`${id}-label`} messageId="content.field.alt" value={labelValue} placeholder={ownLabel ? undefined : block.label} onChange={setLabel} error={labelError} testId={`block-${index}-label`} />
          </>
        ) : null}
        {block.type === 'video' ? (
          <>
            <Field>
              <Label htmlFor={inputId}>
                <FormattedMessage id="content.field.videoUrl" />
              </Label>
              <Input
                id={inputId}
                type="url"
                placeholder="https://www.youtube.com/watch?v=…"
                value={value.startsWith('/files/') ? '' : value}
                onChange={(event) => setInput(event.target.value.trim())}
                {...fieldErrorProps(inputId, inputError)}
                data-testid={`block-${index}-url`}
              />
              <Hint>
                {value.startsWith('/files/') ? <FormattedMessage id="content.field.videoUploaded" /> : <FormattedMessage id="content.field.videoHint" />}
              </Hint>
              <FieldErrorSlot inputId={inputId} error={inputError} />
            </Field>
            <MediaUpload
              productId={productId}
              label={intl.formatMessage({ id: 'content.field.videoFile' })}
              testId={`block-${index}-video`}
              accept={VIDEO_MIME_TYPES}
              maxBytes={VIDEO_UPLOAD_MAX_BYTES}
              value={value}
              image={false}
              onChange={setInput}
            />
          </>
        ) : null}
        {block.type === 'link' ? (
          <>
            <Field>
              <Label htmlFor={inputId}>
                <FormattedMessage id="content.field.linkUrl" />
              </Label>
              <Input
                id={inputId}
                type="url"
                placeholder="https://"
                value={value}
                onChange={(event) => setInput(event.target.value.trim())}
                {...fieldErrorProps(inputId, inputError)}
                data-testid={`block-${index}-url`}
              />
              <FieldErrorSlot inputId={inputId} error={inputError} />
            </Field>
            <LabelField id={`${id}-label`} messageId="content.field.linkLabel" value={labelValue} placeholder={ownLabel ? undefined : block.label} onChange={setLabel} error={labelError} testId={`block-${index}-label`} />
          </>
        ) : null}
        {block.type === 'title' || block.type === 'text' || block.type === 'footer' ? (
          <TextStyleControls id={id} style={block.style} page={page} onChange={setStyle} testId={`block-${index}-style`} />
        ) : null}
      </Body>
    </Item>
  );
}

function LabelField({
  id,
  messageId,
  value,
  placeholder,
  onChange,
  error,
  testId,
}: {
  id: string;
  messageId: 'content.field.alt' | 'content.field.linkLabel';
  value: string;
  /** DEFAULT's label, shown (and to shoppers) while this language has none. */
  placeholder?: string;
  onChange: (value: string) => void;
  error?: string;
  testId: string;
}) {
  return (
    <Field>
      <Label htmlFor={id}>
        <FormattedMessage id={messageId} />
      </Label>
      <Input id={id} value={value} placeholder={placeholder} maxLength={200} onChange={(event) => onChange(event.target.value)} {...fieldErrorProps(id, error)} data-testid={testId} />
      <FieldErrorSlot inputId={id} error={error} />
    </Field>
  );
}

function GripIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      {[6, 12, 18].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />))}
    </svg>
  );
}

/** dnd-kit moves the dragged block by a transform it computes each frame: the one style set on the element, not a class per position. */
const Item = styled.li.attrs<{ $transform?: string; $transition?: string }>(({ $transform, $transition }) => ({
  style: $transform ? { transform: $transform, transition: $transition } : undefined,
}))<{ $transform?: string; $transition?: string; $dragging: boolean }>`
  position: relative;
  z-index: ${({ $dragging }) => ($dragging ? 2 : 'auto')};
  border: 1px solid ${({ theme, $dragging }) => ($dragging ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme, $dragging }) => ($dragging ? theme.shadow.lg : 'none')};
  min-width: 0;
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 6px 8px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Handle = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 32px;
  height: 32px;
  border: none;
  border-radius: 8px;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: grab;
  touch-action: none;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: 1px; }
`;

const Pinned = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 32px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const TypeName = styled.span`
  flex: 1;
  min-width: 0;
  font-size: 14px;
  font-weight: 700;
`;

const Actions = styled.div`
  display: flex;
  gap: 2px;
`;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: 10px;
  padding: 12px 14px 14px;
  min-width: 0;
`;
