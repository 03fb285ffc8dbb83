import { useEffect, useRef, useState } from 'react';
import { ApiError, apiRequest } from '@cgg/contracts';
import { CHAT_MODERATION_PAGE, staffCalls, type StaffChatMessage } from '@cgg/contracts/staff';
import { Link } from 'react-router-dom';
import { failureMessage, staffRequest } from '../api/staff-api.ts';
import { useStaffData } from '../api/use-staff-data.ts';
import { ConfirmPanel } from '../components/confirm-panel.tsx';
import { focusOnShow } from '../components/focus-on-show.ts';
import { FormAlert } from '../components/form-alert.tsx';
import { inLondon } from '../components/london-time.ts';
import { Spinner } from '../components/spinner.tsx';
import { useSave } from '../components/use-save.ts';
import { ADMIN_BASE } from '../layout/sections.ts';

/**
 * Support and admins: the community chat's messages, newest first, and removing one (abuse,
 * personal details, spam). A removed message leaves every open chat at once; it is kept in the
 * database and the audit log for the record. The CLI's `remove-chat-message` does the same.
 */
export function ChatModerationScreen() {
  const { loaded } = useStaffData('chat', () => staffRequest((o) => apiRequest(staffCalls.staffChatMessages, {}, o)).then((a) => a.data));
  const [older, setOlder] = useState<StaffChatMessage[]>([]);
  const [olderState, setOlderState] = useState<{ busy: boolean; ended: boolean; problem: string | null }>({ busy: false, ended: false, problem: null });
  const [removed, setRemoved] = useState<number[]>([]);
  const [notice, setNotice] = useState<string | null>(null);

  const shown = loaded.state === 'loaded' ? [...loaded.data, ...older].filter((m) => !removed.includes(m.id)) : [];

  async function loadOlder(before: number) {
    if (olderState.busy) return;
    setOlderState({ busy: true, ended: false, problem: null });
    try {
      const page = (await staffRequest((o) => apiRequest(staffCalls.staffChatMessages, { before }, o))).data;
      setOlder((all) => [...all, ...page]);
      setOlderState({ busy: false, ended: page.length < CHAT_MODERATION_PAGE, problem: null });
    } catch (error) {
      setOlderState({ busy: false, ended: false, problem: failureMessage(error) });
    }
  }

  return (
    <section aria-labelledby="bo-chat-title">
      <h1 id="bo-chat-title" className="bo-title">
        Chat
      </h1>
      <p className="bo-muted">The community chat as shoppers see it, newest first. Remove a message that is abusive, spam, or gives away someone&apos;s personal details.</p>
      {notice && (
        <p key={notice} className="bo-success" role="status" tabIndex={-1} ref={focusOnShow}>
          {notice}
        </p>
      )}
      {loaded.state === 'loading' && <Spinner label="Loading the chat…" />}
      {loaded.state === 'failed' && <FormAlert message={loaded.message} />}
      {loaded.state === 'loaded' && shown.length === 0 && <p className="bo-muted">No messages in the chat.</p>}
      {shown.length > 0 && (
        <ul className="bo-cards" aria-label="Chat messages">
          {shown.map((m) => (
            <ChatMessageCard
              key={m.id}
              message={m}
              onRemoved={(already) => {
                setRemoved((ids) => [...ids, m.id]);
                setNotice(
                  already
                    ? `${m.author}'s message of ${inLondon(m.created_at, true)} had already been removed.`
                    : `Removed ${m.author}'s message of ${inLondon(m.created_at, true)}: it has left every open chat.`,
                );
              }}
            />
          ))}
        </ul>
      )}
      {loaded.state === 'loaded' && loaded.data.length >= CHAT_MODERATION_PAGE && !olderState.ended && (
        <button type="button" className="bo-link-button" aria-disabled={olderState.busy || undefined} onClick={() => void loadOlder((older.at(-1) ?? loaded.data.at(-1)!).id)}>
          {olderState.busy ? 'Loading…' : 'Older messages'}
        </button>
      )}
      {(olderState.ended || (loaded.state === 'loaded' && loaded.data.length > 0 && loaded.data.length < CHAT_MODERATION_PAGE)) && <p className="bo-muted">That is the whole chat.</p>}
      <FormAlert message={olderState.problem} />
    </section>
  );
}

/** `already`: someone else removed it first (the API's 404); it goes from the list all the same. */
function ChatMessageCard({ message, onRemoved }: { message: StaffChatMessage; onRemoved: (already: boolean) => void }) {
  const [confirming, setConfirming] = useState(false);
  const removeButton = useRef<HTMLButtonElement>(null);
  // Going back: the focus returns to the Remove button the question replaced, not to the page's top.
  const [wentBack, setWentBack] = useState(false);
  useEffect(() => {
    if (!wentBack) return;
    removeButton.current?.focus();
    setWentBack(false);
  }, [wentBack]);
  const save = useSave();
  return (
    <li className="bo-card">
      <p>
        <strong>{message.author}</strong> <span className="bo-muted">· {inLondon(message.created_at, true)} · </span>
        <Link to={`${ADMIN_BASE}/customers/${message.customer_id}`}>customer #{message.customer_id}</Link>
      </p>
      <p className="bo-chat-text">{message.message}</p>
      <FormAlert message={save.refusal} />
      {confirming ? (
        <ConfirmPanel
          label={`Confirm removing message #${message.id}`}
          question={`Remove this message by ${message.author}? It leaves every open chat at once, and cannot be put back.`}
          yes="Yes, remove it"
          busyText="Removing…"
          busy={save.busy}
          small
          onYes={() =>
            void save.run(async () => {
              try {
                await staffRequest((o) => apiRequest(staffCalls.staffChatRemove, { id: message.id }, o));
                onRemoved(false);
              } catch (error) {
                if (!(error instanceof ApiError) || error.code !== 'cgg_chat_message_not_found') throw error;
                onRemoved(true);
              }
            })
          }
          onBack={() => {
            setConfirming(false);
            setWentBack(true);
          }}
        />
      ) : (
        <button ref={removeButton} type="button" className="bo-small-button" aria-label={`Remove message #${message.id} by ${message.author}`} onClick={() => setConfirming(true)}>
          Remove
        </button>
      )}
    </li>
  );
}
