import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { showError } from '../../../stores/alerts.ts';
import { $currentUser, refreshCurrentUser } from '../../../stores/session.ts';
import { updateCurrentUser } from './api.ts';
import { DATA_PROTECTION_NOTICE } from './DetailsForm.tsx';
import { Button } from '../../shared/Button.tsx';
import { Modal } from '../../shared/Modal.tsx';

/**
 * The marketing-consent question (spec §4): shown to a signed-in user who has not seen it. Accept
 * and Decline both record viewed_marketing_consent and the answer; both are disabled while saving.
 * It cannot be dismissed without an answer.
 */
export default function MarketingConsentModal() {
  const user = useStore($currentUser);
  const [saving, setSaving] = useState(false);
  const open = Boolean(user && user.viewed_marketing_consent === false);

  async function answer(consent: boolean) {
    setSaving(true);
    try {
      await updateCurrentUser({ viewed_marketing_consent: true, marketing_consent: consent });
      await refreshCurrentUser();
    } catch (error) {
      showError(error);
    }
    setSaving(false);
  }

  return (
    <Modal isOpen={open} onClose={() => undefined} dismissable={false} title="Product marketing e-mails">
      <div className="space-y-4 px-5 pt-3 pb-5" data-testid="marketing-consent">
        <p className="text-slate-700">May we e-mail you about new LAMP features, research and events?</p>
        <p className="text-xs leading-relaxed text-slate-600">
          {DATA_PROTECTION_NOTICE} You can change your answer at any time on your profile.
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={saving} onClick={() => void answer(false)}>
            Decline
          </Button>
          <Button disabled={saving} onClick={() => void answer(true)}>
            Accept
          </Button>
        </div>
      </div>
    </Modal>
  );
}
