import i18n from '../lib/i18n';
import { consumeReloadReason, type ReloadReason } from '../lib/reload';
import { toast } from '../lib/toast';

const MESSAGE_KEYS: Record<ReloadReason, string> = {
  self_heal: 'common.reload.self_heal',
  cookie_recovery: 'common.reload.cookie_recovery',
  version_update: 'common.reload.version_update',
  recovery_fallback: 'common.reload.recovery_fallback',
  manual: 'common.reload.manual',
  session_recovery: 'common.reload.session_recovery',
  default: 'common.reload.default',
};

/** After a reload the app caused itself, one toast says why (spec 01§4); the reason is cleared. */
export function showReloadReasonToast(): ReloadReason | null {
  const reason = consumeReloadReason();
  if (reason) toast({ title: i18n.t(MESSAGE_KEYS[reason]) });
  return reason;
}
