import type { TFunction } from 'i18next';
import type { FieldErrors, FieldValues } from 'react-hook-form';

/**
 * `err(name)`: the props of a form's text field that show its error under it (the zod message is a locale key), or
 * none while the field is fine. Spread them before a `helperText` of the field's own to keep that one otherwise.
 * `values` fills a field's message ("{{max}} characters at most"), which zod's message key cannot carry.
 */
export const fieldErrorProps =
  <T extends FieldValues>(
    errors: FieldErrors<T>,
    t: TFunction,
    values: Partial<Record<keyof T & string, Record<string, unknown>>> = {},
  ) =>
  (name: keyof T & string): { error?: true; helperText?: string } => {
    const message = errors[name]?.message;
    return typeof message === 'string' && message ? { error: true, helperText: t(message, values[name]) } : {};
  };
