import { signOut } from '../api/account.ts';
import { sendLogs } from '../api/shell.ts';
import { clearLogs, getLogs } from './error-log.ts';
import { resetUserState } from './session-reset.ts';

/**
 * Logout: uploads the local error log, tells the server, then clears the token,
 * menus, roles (the cached calls), tabs and the lock.
 */
export async function logout(): Promise<void> {
  const logs = getLogs();
  if (logs.length) {
    try {
      await sendLogs(logs);
      clearLogs();
    } catch {
      // kept for the next upload
    }
  }
  await signOut();
  // signOut's clearSession has done this where the guards registered it; once more costs nothing.
  resetUserState();
}
