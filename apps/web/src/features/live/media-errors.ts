/** The media-device error dialog's message per error name (spec section 8). */
export function mediaErrorKey(error: unknown): string {
  const name = (error as { name?: unknown } | null)?.name;
  switch (name) {
    case 'NotFoundError':
      return 'rooms.mediaErrors.notFound';
    case 'NotAllowedError':
      return 'rooms.mediaErrors.notAllowed';
    case 'NotReadableError':
      return 'rooms.mediaErrors.notReadable';
    case 'OverconstrainedError':
      return 'rooms.mediaErrors.overconstrained';
    case 'TypeError':
      return 'rooms.mediaErrors.https';
    default:
      return 'rooms.mediaErrors.other';
  }
}
