import type { EditionType } from '@forecourt/contracts';
import { useCallback, useMemo, useState } from 'react';

/** Edit-mode state of the detail page (spec section 3): editionTypeSelected, isEditMode, selectedImages. */
export interface EditMode {
  editionTypeSelected: EditionType | null;
  isEditMode: boolean;
  selectedImages: ReadonlySet<string>;
  /** Enters the mode for one kind of edit with an empty selection. */
  enter: (type: EditionType) => void;
  toggle: (imageId: string) => void;
  /** Cancel: leaves the mode. */
  leave: () => void;
  /** Done: leaves the mode and hands the selection to the edit's workflow. */
  submit: () => void;
  submission: { type: EditionType; imageIds: string[] } | null;
}

export function useEditMode(): EditMode {
  const [editionTypeSelected, setType] = useState<EditionType | null>(null);
  const [selectedImages, setSelected] = useState<ReadonlySet<string>>(new Set());
  const enter = useCallback((type: EditionType) => {
    setType(type);
    setSelected(new Set());
  }, []);
  const toggle = useCallback((imageId: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(imageId)) next.add(imageId);
      return next;
    });
  }, []);
  const [submission, setSubmission] = useState<EditMode['submission']>(null);
  const leave = useCallback(() => {
    setType(null);
    setSelected(new Set());
  }, []);
  const submit = useCallback(() => {
    if (editionTypeSelected && selectedImages.size > 0)
      setSubmission({ type: editionTypeSelected, imageIds: [...selectedImages] });
    leave();
  }, [editionTypeSelected, selectedImages, leave]);
  return useMemo(
    () => ({
      editionTypeSelected,
      isEditMode: editionTypeSelected !== null,
      selectedImages,
      enter,
      toggle,
      leave,
      submit,
      submission,
    }),
    [editionTypeSelected, selectedImages, enter, toggle, leave, submit, submission],
  );
}
