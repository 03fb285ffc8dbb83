import { ApiError, apiRequest, calls, CHAT_MESSAGE_MAX, readSessionToken, to12Hour, type ChatMessage } from '@cgg/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '../../layout/spinner.tsx';
import { useSignedIn } from '../../session/session-store.ts';
import { SitePage } from '../site-page.tsx';
import { sitePageMeta } from '../../site-content/site-page-meta.ts';
import { useChat } from './use-chat.ts';

const londonTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hour12: false });
const londonDay = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'short' });

function MessageItem({ message }: { message: ChatMessage }) {
  const at = new Date(message.created_at);
  return (
    <li className="sh-chat__message">
      <p className="sh-chat__meta">
        <span className="sh-chat__author">{message.author}</span>{' '}
        <time dateTime={message.created_at}>
          {londonDay.format(at)}, {to12Hour(londonTime.format(at))}
        </time>
      </p>
      {/* Text only: React escapes it, so markup in a message shows as typed. */}
      <p className="sh-chat__text">{message.message}</p>
    </li>
  );
}

function Composer({ onPosted }: { onPosted: (m: ChatMessage) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (!message) {
      setError('Write a message first.');
      return;
    }
    const token = readSessionToken();
    if (!token) {
      setError('Your session has ended. Please log in again to post.');
      return;
    }
    setSending(true);
    setError(null);
    try {
      const answer = await apiRequest(calls.chatPost, { token, message });
      onPosted(answer.data);
      setText('');
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) setError('Your session has ended. Please log in again to post.');
      else if (err instanceof ApiError && err.status < 500) setError(err.message);
      else setError('Your message could not be sent. Please try again.');
    } finally {
      setSending(false);
    }
  };
  const left = CHAT_MESSAGE_MAX - text.length;
  return (
    <form className="sh-chat__composer" onSubmit={submit} noValidate>
      <label htmlFor="chat-message" className="sh-field__label">
        Your message
      </label>
      <textarea
        id="chat-message"
        className="sh-input"
        rows={3}
        maxLength={CHAT_MESSAGE_MAX}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-describedby="chat-message-count"
        aria-invalid={error ? true : undefined}
      />
      <div className="sh-chat__composer-row">
        <span id="chat-message-count" className="sh-muted">
          {left} characters left
        </span>
        <button type="submit" className="sh-button" disabled={sending}>
          {sending ? 'Sending…' : 'Send'}
        </button>
      </div>
      {error ? (
        <p className="sh-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

export function CommunityChatPage() {
  // Until the account remote says who is signed in, a stored session token counts (session-store.ts).
  const signedIn = useSignedIn();
  const { messages, status, live, add } = useChat();
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length]);
  return (
    <SitePage
      {...sitePageMeta['community-chat']}
      intro="Chat with other players about draws, wins and upcoming competitions. Be kind: messages that break our acceptable use rules are removed."
    >
      <section className="sh-card sh-chat" aria-labelledby="chat-heading">
        <div className="sh-chat__head">
          <h2 id="chat-heading">Messages</h2>
          <span className={`sh-chat__live${live ? ' sh-chat__live--on' : ''}`}>{live ? 'Live' : 'Connecting…'}</span>
        </div>
        {status === 'loading' ? <Spinner label="Loading messages" /> : null}
        {status === 'error' ? <p role="alert">We couldn't load the chat just now. New messages will still appear here.</p> : null}
        {status === 'ready' && messages.length === 0 ? <p className="sh-muted">No messages yet. Say hello!</p> : null}
        {/* The live region wraps the list: a list given role="log" is no longer a list, and its items would be orphaned. */}
        <div ref={listRef} className="sh-chat__log" role="log" aria-live="polite" aria-label="Chat messages" tabIndex={0}>
          <ol className="sh-chat__list">
            {messages.map((m) => (
              <MessageItem key={m.id} message={m} />
            ))}
          </ol>
        </div>
        {signedIn ? (
          <Composer onPosted={add} />
        ) : (
          <p className="sh-chat__signin">
            <Link to="/auth/login">Log in</Link> to join the conversation. Everyone can read along.
          </p>
        )}
      </section>
    </SitePage>
  );
}
