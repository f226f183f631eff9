import { useState } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
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
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { REDIRECT_RULES_MAX } from '@product-console/shared';
import { ConfirmDialog, DeleteIconButton } from '@/components/confirm-dialog';
import { useCountryNames } from '@/components/country-multi-select';
import { ArrowDownIcon, ArrowUpIcon, PencilIcon, PlusIcon } from '@/components/icons';
import { Button, IconButton } from '@/components/ui/button';
import { Hint, Stack } from '@/components/ui/form-controls';
import { languageName } from '@/features/links/components/link-model';
import { DEVICE_MESSAGES, PRESENCE_MESSAGES, RuleForm } from '@/features/links/components/rule-form';
import { emptyDraft, fromLocalInput, moveDraft, type RuleDraft } from '@/features/links/components/rule-model';
import { RulePreview } from '@/features/links/components/rule-preview';
import { down } from '@/theme/media';

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px;
`;

/** dnd-kit moves the dragged rule by a transform it computes each frame (as the content blocks). */
const Item = styled.li.attrs<{ $transform?: string; $transition?: string }>(({ $transform, $transition }) => ({
  style: $transform ? { transform: $transform, transition: $transition } : undefined,
}))<{ $transform?: string; $transition?: string; $dragging: boolean }>`
  position: relative;
  z-index: ${({ $dragging }) => ($dragging ? 2 : 'auto')};
  display: grid;
  grid-template-columns: auto 28px minmax(0, 1fr) auto;
  gap: 8px;
  align-items: center;
  padding: 8px 10px;
  border: 1px solid ${({ theme, $dragging }) => ($dragging ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  /* A phone has no room for the actions beside the facts: they take a row of their own. */
  ${down('sm')} {
    grid-template-columns: auto 28px minmax(0, 1fr);
    & > :nth-child(4) { grid-column: 3; justify-self: start; }
  }
`;

const Handle = styled.button`
  display: inline-grid;
  place-items: center;
  width: 28px;
  height: 28px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: grab;
  touch-action: none;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.primary}; }
`;

const Position = styled.span`
  display: inline-grid;
  place-items: center;
  width: 28px;
  height: 28px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 700;
  font-size: 13px;
`;

const Facts = styled.div`
  display: grid;
  gap: 2px;
  min-width: 0;
  strong { font-weight: 600; }
  small { color: ${({ theme }) => theme.colors.textMuted}; overflow-wrap: anywhere; }
`;

const Actions = styled.div`
  display: flex;
  gap: 2px;
  button:disabled { opacity: 0.35; cursor: not-allowed; }
`;

const Empty = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** What a rule looks at, in words: "Countries: Germany, Austria · Devices: iOS · From 1 June". */
export function ruleSummary(intl: IntlShape, draft: RuleDraft, countryName: (code: string) => string): string {
  const list = (items: string[]) => intl.formatList(items, { type: 'conjunction' });
  const date = (value: string) => intl.formatDate(fromLocalInput(value) ?? value, { dateStyle: 'medium', timeStyle: 'short' });
  const parts: string[] = [];
  if (draft.countries.length) parts.push(intl.formatMessage({ id: 'rules.summary.countries' }, { list: list(draft.countries.map(countryName)) }));
  if (draft.languages.length) parts.push(intl.formatMessage({ id: 'rules.summary.languages' }, { list: list(draft.languages.map((code) => languageName(intl.locale, code))) }));
  if (draft.devices.length) parts.push(intl.formatMessage({ id: 'rules.summary.devices' }, { list: list(draft.devices.map((device) => intl.formatMessage({ id: DEVICE_MESSAGES[device] }))) }));
  if (draft.startsAt) parts.push(intl.formatMessage({ id: 'rules.summary.from' }, { date: date(draft.startsAt) }));
  if (draft.endsAt) parts.push(intl.formatMessage({ id: 'rules.summary.until' }, { date: date(draft.endsAt) }));
  if (draft.batch !== 'any') parts.push(`${intl.formatMessage({ id: 'rules.field.batch' })}: ${intl.formatMessage({ id: PRESENCE_MESSAGES[draft.batch] })}`);
  if (draft.serial !== 'any') parts.push(`${intl.formatMessage({ id: 'rules.field.serial' })}: ${intl.formatMessage({ id: PRESENCE_MESSAGES[draft.serial] })}`);
  return parts.length ? parts.join(' · ') : intl.formatMessage({ id: 'rules.summary.any' });
}

interface RuleRowProps {
  draft: RuleDraft;
  index: number;
  count: number;
  name: string;
  disabled: boolean;
  onMove: (direction: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => void;
}

function RuleRow({ draft, index, count, name, disabled, onMove, onEdit, onDelete }: RuleRowProps) {
  const intl = useIntl();
  const countryName = useCountryNames();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: draft.key, disabled });
  const label = (id: 'rules.moveUp' | 'rules.moveDown' | 'rules.edit' | 'rules.delete' | 'rules.drag') => intl.formatMessage({ id }, { name });
  return (
    <Item ref={setNodeRef} $transform={CSS.Translate.toString(transform)} $transition={transition} $dragging={isDragging} aria-label={name} data-testid={`rule-row-${index}`}>
      <Handle ref={setActivatorNodeRef} type="button" disabled={disabled} {...attributes} {...listeners} aria-label={label('rules.drag')} title={label('rules.drag')}>
        <svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
          {[6, 12, 18].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />))}
        </svg>
      </Handle>
      <Position aria-hidden="true">{index + 1}</Position>
      <Facts>
        <strong>{name}</strong>
        <small>{ruleSummary(intl, draft, countryName)}</small>
        <small data-testid={`rule-row-${index}-target`}>→ {draft.targetUrl}</small>
      </Facts>
      <Actions>
        <IconButton aria-label={label('rules.moveUp')} title={label('rules.moveUp')} disabled={disabled || index === 0} onClick={() => onMove(-1)} data-testid={`rule-up-${index}`}>
          <ArrowUpIcon size={16} />
        </IconButton>
        <IconButton aria-label={label('rules.moveDown')} title={label('rules.moveDown')} disabled={disabled || index === count - 1} onClick={() => onMove(1)} data-testid={`rule-down-${index}`}>
          <ArrowDownIcon size={16} />
        </IconButton>
        <IconButton aria-label={label('rules.edit')} title={label('rules.edit')} disabled={disabled} onClick={onEdit} data-testid={`rule-edit-${index}`}>
          <PencilIcon size={16} />
        </IconButton>
        <DeleteIconButton label={label('rules.delete')} disabled={disabled} onClick={onDelete} data-testid={`rule-delete-${index}`} />
      </Actions>
    </Item>
  );
}

interface RedirectRulesEditorProps {
  rules: readonly RuleDraft[];
  onChange: (rules: RuleDraft[]) => void;
  /** The company's default rules of the link type, for the preview (empty on the company's page). */
  companyRules: readonly RuleDraft[];
  /** The link's own target, for the preview; null on the company's page. */
  linkTarget: string | null;
  disabled?: boolean;
}

/**
 * An ordered list of redirect rules: add, edit, move (by the handle with the pointer or Space and
 * the arrow keys, or by the up and down buttons), delete after confirmation, and test. Changes
 * stay in the list until the caller saves it.
 */
export function RedirectRulesEditor({ rules, onChange, companyRules, linkTarget, disabled = false }: RedirectRulesEditorProps) {
  const intl = useIntl();
  const [editing, setEditing] = useState<RuleDraft | null>(null);
  const [deleting, setDeleting] = useState<RuleDraft | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const isNew = editing !== null && !rules.some((rule) => rule.key === editing.key);
  const full = rules.length >= REDIRECT_RULES_MAX;
  const nameOf = (draft: RuleDraft | undefined, index: number) => draft?.name || intl.formatMessage({ id: 'rules.position' }, { position: index + 1 });
  const nameOfKey = (id: UniqueIdentifier | undefined) => {
    const index = rules.findIndex((rule) => rule.key === id);
    return nameOf(rules[index], index);
  };
  const positionOf = (id: UniqueIdentifier | undefined) => rules.findIndex((rule) => rule.key === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => intl.formatMessage({ id: 'rules.dnd.picked' }, { name: nameOfKey(active.id) }),
    onDragOver: ({ active, over }) => (over ? intl.formatMessage({ id: 'rules.dnd.over' }, { name: nameOfKey(active.id), position: positionOf(over.id), count: rules.length }) : undefined),
    onDragEnd: ({ active, over }) =>
      over
        ? intl.formatMessage({ id: 'rules.dnd.over' }, { name: nameOfKey(active.id), position: positionOf(over.id), count: rules.length })
        : intl.formatMessage({ id: 'rules.dnd.cancelled' }, { name: nameOfKey(active.id) }),
    onDragCancel: ({ active }) => intl.formatMessage({ id: 'rules.dnd.cancelled' }, { name: nameOfKey(active.id) }),
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (over && active.id !== over.id) onChange(moveDraft(rules, String(active.id), String(over.id)));
  }

  function move(index: number, direction: -1 | 1) {
    const other = rules[index + direction];
    if (other) onChange(moveDraft(rules, rules[index].key, other.key));
  }

  function apply(draft: RuleDraft) {
    onChange(isNew ? [...rules, draft] : rules.map((rule) => (rule.key === draft.key ? draft : rule)));
    setEditing(null);
  }

  return (
    <Stack data-testid="rules-editor">
      {rules.length === 0 ? (
        <Empty data-testid="rules-empty">
          <FormattedMessage id="rules.empty" />
        </Empty>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements }}>
          <SortableContext items={rules.map((rule) => rule.key)} strategy={verticalListSortingStrategy}>
            <List aria-label={intl.formatMessage({ id: 'rules.title' })} data-testid="rules-list">
              {rules.map((rule, index) => (
                <RuleRow
                  key={rule.key}
                  draft={rule}
                  index={index}
                  count={rules.length}
                  name={nameOf(rule, index)}
                  disabled={disabled || editing !== null}
                  onMove={(direction) => move(index, direction)}
                  onEdit={() => setEditing(rule)}
                  onDelete={() => setDeleting(rule)}
                />
              ))}
            </List>
          </SortableContext>
        </DndContext>
      )}
      {editing ? (
        <RuleForm key={editing.key} draft={editing} isNew={isNew} onApply={apply} onCancel={() => setEditing(null)} />
      ) : (
        <div>
          <Button $size="sm" $variant="outline" disabled={disabled || full} onClick={() => setEditing(emptyDraft())} data-testid="rule-add">
            <PlusIcon size={16} />
            <FormattedMessage id="rules.add" />
          </Button>
          {full ? (
            <Hint>
              <FormattedMessage id="rules.max" values={{ max: REDIRECT_RULES_MAX }} />
            </Hint>
          ) : null}
        </div>
      )}
      <RulePreview rules={rules} companyRules={companyRules} linkTarget={linkTarget} />
      <ConfirmDialog
        payload={deleting}
        subject={deleting ? nameOf(deleting, rules.indexOf(deleting)) : undefined}
        onConfirm={async (draft) => onChange(rules.filter((rule) => rule.key !== draft.key))}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
