import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { blockLanguages, CONTENT_BLOCK_MAX, DEFAULT_LANGUAGE, type ContentBlockType } from '@product-console/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Card } from '@/components/ui/card';
import { Hint } from '@/components/ui/form-controls';
import type { ContentEditorState } from '@/features/content/hooks/use-content-editor';
import { addBlock, canAddBlock, duplicateBlock, moveBlock, removeBlock, type DraftBlock } from '@/features/content/model/draft';
import { BlockCard } from '@/features/content/components/block-card';
import { BLOCK_TYPE_NAMES } from '@/features/content/components/block-types';
import { LanguageTabs } from '@/features/content/components/language-tabs';

/** The palette's order: the blocks a page is mostly made of first. */
const PALETTE: readonly ContentBlockType[] = ['title', 'text', 'image', 'video', 'link', 'html', 'footer'];

/**
 * The page's blocks: added from the palette, edited in place in the language of the tabs,
 * reordered by dragging or from the keyboard (Space on a handle, the arrow keys, Space again),
 * duplicated and deleted after a confirmation. The footer always stays last.
 */
export function ContentStepPanel({ editor, productId }: { editor: ContentEditorState; productId: number }) {
  const intl = useIntl();
  const draft = editor.draft!;
  const blocks = draft.blocks;
  const [language, setLanguage] = useState<string>(DEFAULT_LANGUAGE);
  const [deleting, setDeleting] = useState<DraftBlock | null>(null);
  const languages = blockLanguages(draft.languages);
  const shownLanguage = languages.includes(language) ? language : DEFAULT_LANGUAGE;
  const full = blocks.length >= CONTENT_BLOCK_MAX;

  // A refused save shows the language of the first text it names, so that its error is in view.
  useEffect(() => {
    const first = Object.values(editor.fieldErrors)
      .flatMap((fields) => Object.keys(fields))
      .find((field) => field.startsWith('input.'));
    if (first) setLanguage(first.slice('input.'.length));
  }, [editor.fieldErrors]);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  const nameOf = (id: UniqueIdentifier | undefined) => {
    const index = blocks.findIndex((block) => block.key === id);
    const block = blocks[index];
    return block ? intl.formatMessage({ id: 'content.block.name' }, { index: index + 1, type: intl.formatMessage({ id: BLOCK_TYPE_NAMES[block.type] }) }) : '';
  };
  const positionOf = (id: UniqueIdentifier | undefined) => blocks.findIndex((block) => block.key === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => intl.formatMessage({ id: 'content.dnd.picked' }, { block: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? intl.formatMessage({ id: 'content.dnd.over' }, { block: nameOf(active.id), position: positionOf(over.id), count: blocks.length }) : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? intl.formatMessage({ id: 'content.dnd.dropped' }, { block: nameOf(active.id), position: positionOf(over.id), count: blocks.length })
        : intl.formatMessage({ id: 'content.dnd.cancelled' }, { block: nameOf(active.id) }),
    onDragCancel: ({ active }) => intl.formatMessage({ id: 'content.dnd.cancelled' }, { block: nameOf(active.id) }),
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (over && active.id !== over.id) editor.setBlocks((current) => moveBlock(current, String(active.id), String(over.id)));
  }

  return (
    <>
      <Card>
        <Section>
          <Heading id="content-palette-heading">
            <FormattedMessage id="content.palette.title" />
          </Heading>
          <Palette role="group" aria-labelledby="content-palette-heading" data-testid="block-palette">
            {PALETTE.map((type) => {
              const refused = full || !canAddBlock(blocks, type);
              return (
                <li key={type}>
                  <PaletteButton
                    type="button"
                    disabled={refused}
                    aria-describedby={refused ? (full ? 'palette-full-reason' : 'palette-footer-reason') : undefined}
                    onClick={() => editor.setBlocks((current) => addBlock(current, type, draft.languages))}
                    data-testid={`palette-${type}`}
                  >
                    + <FormattedMessage id={BLOCK_TYPE_NAMES[type]} />
                  </PaletteButton>
                </li>
              );
            })}
          </Palette>
          {full ? (
            <Reason id="palette-full-reason" data-testid="palette-full-reason">
              <FormattedMessage id="content.palette.full" values={{ max: CONTENT_BLOCK_MAX }} />
            </Reason>
          ) : !canAddBlock(blocks, 'footer') ? (
            <Reason id="palette-footer-reason" data-testid="palette-footer-reason">
              <FormattedMessage id="content.palette.footerTaken" />
            </Reason>
          ) : null}
        </Section>
      </Card>

      <Card>
        <Section>
          <Heading>
            <FormattedMessage id="content.blocks.title" />
          </Heading>
          {languages.length > 1 ? (
            <LanguageTabs
              languages={languages}
              value={shownLanguage}
              onChange={setLanguage}
              label={intl.formatMessage({ id: 'content.blocks.languageTabs' })}
              testId="content-language"
            />
          ) : null}
          {blocks.length === 0 ? (
            <Empty data-testid="blocks-empty">
              <FormattedMessage id="content.blocks.empty" />
            </Empty>
          ) : (
            <>
              <Hint>
                <FormattedMessage id="content.blocks.reorderHint" />
              </Hint>
              <DndContext
                sensors={sensors}
                collisionDetection={closestCenter}
                onDragEnd={onDragEnd}
                accessibility={{ announcements, screenReaderInstructions: { draggable: intl.formatMessage({ id: 'content.dnd.instructions' }) } }}
              >
                <SortableContext items={blocks.map((block) => block.key)} strategy={verticalListSortingStrategy}>
                  <List data-testid="block-list">
                    {blocks.map((block, index) => (
                      <BlockCard
                        key={block.key}
                        block={block}
                        index={index}
                        name={nameOf(block.key)}
                        language={shownLanguage}
                        sourceLanguage={draft.design.defaultLang}
                        productId={productId}
                        page={draft.design.page}
                        errors={editor.fieldErrors[block.key]}
                        onChange={(change) => editor.setBlocks((current) => current.map((item) => (item.key === block.key ? change(item) : item)))}
                        onDuplicate={() => editor.setBlocks((current) => duplicateBlock(current, block.key))}
                        onDelete={() => setDeleting(block)}
                      />
                    ))}
                  </List>
                </SortableContext>
              </DndContext>
            </>
          )}
        </Section>
      </Card>
      <ConfirmDialog
        payload={deleting}
        description={deleting ? <FormattedMessage id="content.blocks.deleteDescription" values={{ block: nameOf(deleting.key) }} /> : null}
        onConfirm={async (block) => editor.setBlocks((current) => removeBlock(current, block.key))}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

const Section = styled.div`
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: 20px;
  @media (max-width: 767px) {
    padding: 14px;
  }
`;

const Heading = styled.h2`
  font-size: 16px;
  font-weight: 700;
`;

const Palette = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  list-style: none;
  margin: 0;
  padding: 0;
`;

const PaletteButton = styled.button`
  padding: 8px 14px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px dashed ${({ theme }) => theme.colors.borderStrong};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: 14px;
  font-weight: 600;
  cursor: pointer;
  &:hover:not(:disabled) { border-color: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.primary}; }
  &:disabled { opacity: 0.55; cursor: not-allowed; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: 2px; }
`;

const Reason = styled.small`
  font-size: 12px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Empty = styled.p`
  padding: 24px 16px;
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 14px;
  text-align: center;
`;

const List = styled.ol`
  display: flex;
  flex-direction: column;
  gap: 12px;
  list-style: none;
  margin: 0;
  padding: 0;
`;
