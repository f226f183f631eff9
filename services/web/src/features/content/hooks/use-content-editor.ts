import { useCallback, useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { DEFAULT_LANGUAGE, type Design, type ProductDetailsLanguage } from '@product-console/shared';
import { isApiError } from '@/lib/api-client';
import { encodeFieldError, fieldErrorMessage } from '@/lib/field-errors';
import { contentKey, saveContent, useProductContent } from '@/features/content/api/get-content';
import { designKey, saveDesign, useProductDesign } from '@/features/content/api/get-design';
import { addLanguage, deleteLanguage, languagesKey, saveProductDetails, useProductLanguages, type LanguageList } from '@/features/content/api/get-languages';
import {
  blockFieldOfDetail,
  blockFromStored,
  draftWithLanguage,
  draftWithoutLanguage,
  hasAnyChange,
  NO_CHANGES,
  toContentBody,
  type DraftBlock,
  type DraftChanges,
  type EditorDraft,
} from '@/features/content/model/draft';

/** Field errors of the last save, by block key, then field (`input.ko`, `label`, `style.color`). */
export type BlockFieldErrors = Record<string, Record<string, string>>;

export interface ContentEditorState {
  draft: EditorDraft | null;
  loadError: unknown;
  retry: () => void;
  changes: DraftChanges;
  hasChanges: boolean;
  saving: boolean;
  /** Why the last save failed: an API error or an update answered 'fail'. */
  saveError: unknown;
  fieldErrors: BlockFieldErrors;
  setBlocks: (change: (blocks: DraftBlock[]) => DraftBlock[]) => void;
  setDesign: (change: (design: Design) => Design) => void;
  setDetails: (change: (details: ProductDetailsLanguage[]) => ProductDetailsLanguage[]) => void;
  addLanguage: (code: string) => Promise<void>;
  removeLanguage: (code: string) => Promise<void>;
  /** Sends what changed; resolves true when everything was saved. */
  save: () => Promise<boolean>;
}

const languagesOf = (list: LanguageList) => list.result.map((item) => item.value);

/**
 * The draft of a product's page, built once from the saved content, languages and design;
 * every change marks its part changed, Save sends the changed parts and clears them.
 */
export function useContentEditor(productId: number): ContentEditorState {
  const { mutate } = useSWRConfig();
  const content = useProductContent(productId);
  const languages = useProductLanguages(productId);
  const design = useProductDesign(productId);
  const [draft, setDraft] = useState<EditorDraft | null>(null);
  const [changes, setChanges] = useState<DraftChanges>(NO_CHANGES);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [fieldErrors, setFieldErrors] = useState<BlockFieldErrors>({});
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const changesRef = useRef(changes);
  changesRef.current = changes;

  useEffect(() => {
    if (draft || !content.data || !languages.data || !design.data) return;
    setDraft({
      blocks: content.data.result.map(blockFromStored),
      design: design.data.result,
      languages: languagesOf(languages.data),
      productDetails: languages.data.productDetails,
    });
  }, [draft, content.data, languages.data, design.data]);

  const change = useCallback((part: keyof DraftChanges, next: (current: EditorDraft) => EditorDraft) => {
    setDraft((current) => (current ? next(current) : current));
    setChanges((current) => (current[part] ? current : { ...current, [part]: true }));
  }, []);

  const setBlocks = useCallback(
    (next: (blocks: DraftBlock[]) => DraftBlock[]) => change('content', (current) => ({ ...current, blocks: next(current.blocks) })),
    [change],
  );
  const setDesign = useCallback(
    (next: (value: Design) => Design) => change('design', (current) => ({ ...current, design: next(current.design) })),
    [change],
  );
  const setDetails = useCallback(
    (next: (value: ProductDetailsLanguage[]) => ProductDetailsLanguage[]) =>
      change('details', (current) => ({ ...current, productDetails: next(current.productDetails) })),
    [change],
  );

  /** The server has applied the rule to what is saved; the draft gets the same rule so nothing unsaved is lost. */
  const applyLanguageAnswer = useCallback(
    (answer: LanguageList, rule: (current: EditorDraft) => EditorDraft) => {
      setDraft((current) => {
        if (!current) return current;
        const next = rule(current);
        return {
          ...next,
          languages: languagesOf(answer),
          productDetails: changesRef.current.details ? next.productDetails : answer.productDetails,
        };
      });
      void mutate(languagesKey(productId), answer, { revalidate: false });
      void mutate(contentKey(productId));
    },
    [mutate, productId],
  );

  const add = useCallback(
    async (code: string) => applyLanguageAnswer(await addLanguage(productId, code), (current) => draftWithLanguage(current, code)),
    [applyLanguageAnswer, productId],
  );
  const remove = useCallback(
    async (code: string) => applyLanguageAnswer(await deleteLanguage(productId, code), (current) => draftWithoutLanguage(current, code)),
    [applyLanguageAnswer, productId],
  );

  const save = useCallback(async () => {
    const current = draftRef.current;
    if (!current) return false;
    const pending = changesRef.current;
    setSaving(true);
    setSaveError(null);
    setFieldErrors({});
    try {
      if (pending.content) {
        const stored = await saveContent({ productId, contents: toContentBody(current.blocks) });
        // Edits made while the request ran stay changed; the saved blocks take the ids the API gave.
        if (draftRef.current === current) setDraft((latest) => (latest ? { ...latest, blocks: stored.map(blockFromStored) } : latest));
        setChanges((latest) => ({ ...latest, content: draftRef.current !== current && latest.content }));
        void mutate(contentKey(productId), { result: stored }, { revalidate: false });
      }
      if (pending.design) {
        await saveDesign(productId, current.design);
        setChanges((latest) => ({ ...latest, design: false }));
        void mutate(designKey(productId), { result: current.design }, { revalidate: false });
      }
      if (pending.details) {
        // DEFAULT's texts are the product's own fields, edited and saved by the wizard's product steps.
        await saveProductDetails(productId, current.productDetails.filter((item) => item.languageCode !== DEFAULT_LANGUAGE));
        setChanges((latest) => ({ ...latest, details: false }));
        void mutate(languagesKey(productId));
      }
      return true;
    } catch (cause) {
      setSaveError(cause);
      if (isApiError(cause)) setFieldErrors(blockErrors(current.blocks, cause.details ?? []));
      return false;
    } finally {
      setSaving(false);
    }
  }, [mutate, productId]);

  return {
    draft,
    loadError: content.error ?? languages.error ?? design.error,
    retry: () => {
      void content.mutate();
      void languages.mutate();
      void design.mutate();
    },
    changes,
    hasChanges: hasAnyChange(changes),
    saving,
    saveError,
    fieldErrors,
    setBlocks,
    setDesign,
    setDetails,
    addLanguage: add,
    removeLanguage: remove,
    save,
  };
}

function blockErrors(blocks: DraftBlock[], details: readonly { path: string; message: string; code?: string }[]): BlockFieldErrors {
  const errors: BlockFieldErrors = {};
  for (const detail of details) {
    const place = blockFieldOfDetail(blocks, detail.path);
    if (!place) continue;
    errors[place.key] ??= {};
    errors[place.key]![place.field] ??= encodeFieldError(fieldErrorMessage({ ...detail, path: place.field }));
  }
  return errors;
}
