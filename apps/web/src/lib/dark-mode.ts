// Apart from theme.tsx so that the public player, which draws without MUI, reads the same choice.
export const DARK_MODE_STORAGE_KEY = 'forecourt.darkMode';

/** The visitor's stored colour mode: dark only when they chose it in the portal. */
export const storedDarkMode = (): boolean => localStorage.getItem(DARK_MODE_STORAGE_KEY) === 'true';
