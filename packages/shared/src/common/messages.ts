/** Notification texts shared by several areas, exactly as the spec writes them. */
export const MSG = {
  requestFailed: 'The request could not be processed!',
  leaveTitle: 'Are you sure you want to leave?',
  leaveBody: 'You will lose your changes',
  deleteConfirm: 'Are you sure you want to delete?',
  invalidDate: 'Invalid date',
  validMail: 'Must be a valid mail',
} as const;

export function emptyTableText(items: string): string {
  return `THERE AREN'T ${items}`;
}
