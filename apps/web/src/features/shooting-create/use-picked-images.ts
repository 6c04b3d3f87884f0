import { useCallback, useEffect, useRef, useState } from 'react';
import { imageProblems, isImageFile, readImageSize, type ImageProblem } from './image-checks';

export interface PickedImage {
  key: string;
  file: File;
  previewUrl: string;
  /** Pixel size once read; null while the browser is still reading it. */
  size: { width: number; height: number } | 'unreadable' | null;
  problems: ImageProblem[];
}

/**
 * The pictures of the draft in image order: added from a drop or the file picker (non-images are left
 * out, and their names kept until the next pick so the page can say so), checked in the browser, removable
 * and reorderable. Preview URLs are released when unused.
 */
export function usePickedImages() {
  const [images, setImages] = useState<PickedImage[]>([]);
  const [leftOut, setLeftOut] = useState<string[]>([]);
  const live = useRef(new Set<string>());

  const add = useCallback((files: Iterable<File>) => {
    const picked = [...files];
    setLeftOut(picked.filter((file) => !isImageFile(file)).map((file) => file.name));
    const added = picked.filter(isImageFile).map((file): PickedImage => {
      const previewUrl = URL.createObjectURL(file);
      live.current.add(previewUrl);
      return { key: crypto.randomUUID(), file, previewUrl, size: null, problems: imageProblems(file, null) };
    });
    setImages((current) => [...current, ...added]);
    for (const image of added) {
      void readImageSize(image.previewUrl).then((size) =>
        setImages((current) =>
          current.map((i) => (i.key === image.key ? { ...i, size, problems: imageProblems(i.file, size) } : i)),
        ),
      );
    }
    return added.length;
  }, []);

  const release = (image: PickedImage) => {
    URL.revokeObjectURL(image.previewUrl);
    live.current.delete(image.previewUrl);
  };

  const remove = useCallback((key: string) => {
    setImages((current) => {
      const gone = current.find((i) => i.key === key);
      if (gone) release(gone);
      return current.filter((i) => i.key !== key);
    });
  }, []);

  /** Moves a picture one place earlier (-1) or later (+1) in the image order. */
  const move = useCallback((key: string, by: -1 | 1) => {
    setImages((current) => {
      const from = current.findIndex((i) => i.key === key);
      const to = from + by;
      if (from < 0 || to < 0 || to >= current.length) return current;
      const next = [...current];
      [next[from], next[to]] = [next[to]!, next[from]!];
      return next;
    });
  }, []);

  const clear = useCallback(() => {
    setLeftOut([]);
    setImages((current) => {
      current.forEach(release);
      return [];
    });
  }, []);

  useEffect(() => {
    const urls = live.current;
    return () => urls.forEach((u) => URL.revokeObjectURL(u));
  }, []);

  const checking = images.some((i) => i.size === null);
  const problems = [...new Set(images.flatMap((i) => i.problems))];
  return { images, leftOut, add, remove, move, clear, checking, problems };
}
