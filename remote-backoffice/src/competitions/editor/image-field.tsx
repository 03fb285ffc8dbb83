import { useState } from 'react';
import { apiRequest } from '@cgg/contracts';
import { staffCalls } from '@cgg/contracts/staff';
import { failureMessage, staffRequest } from '../../api/staff-api.ts';

const MAX_BYTES = 5 * 1024 * 1024;
const TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'];

/** The file's bytes as base64 (what the upload call carries). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * The competition's photo: upload a file (checked here for type and size first, then by the API
 * by its content) or keep the URL it has; a preview shows what the shop will show.
 */
export function ImageField({ value, onChange, error, disabled }: { value: string; onChange: (url: string) => void; error?: string; disabled?: boolean }) {
  const [state, setState] = useState<{ busy: boolean; message: string | null }>({ busy: false, message: null });

  async function upload(file: File) {
    if (!TYPES.includes(file.type)) return setState({ busy: false, message: 'image: must be a JPEG, PNG, WebP or AVIF picture' });
    if (file.size > MAX_BYTES) return setState({ busy: false, message: `image: must be at most 5 MB (this one is ${(file.size / 1024 / 1024).toFixed(1)} MB)` });
    setState({ busy: true, message: null });
    try {
      const data_base64 = await base64Of(file);
      const answer = await staffRequest((o) => apiRequest(staffCalls.staffImageUpload, { file_name: file.name, data_base64 }, o));
      onChange(answer.data.url);
      setState({ busy: false, message: null });
    } catch (e) {
      setState({ busy: false, message: failureMessage(e) });
    }
  }

  const shown = state.message ?? error;
  return (
    <div className={`bo-field${shown ? ' bo-field--invalid' : ''}`}>
      <label htmlFor="bo-image-file" className="bo-field__label">
        Prize photo
      </label>
      {value && <img className="bo-image-preview" src={value} alt="The prize photo as the shop shows it" width={320} height={200} />}
      <input
        id="bo-image-file"
        type="file"
        accept={TYPES.join(',')}
        disabled={disabled || state.busy}
        aria-describedby="bo-image-hint"
        aria-invalid={shown ? true : undefined}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void upload(file);
        }}
      />
      <p id="bo-image-hint" className="bo-field__hint">
        JPEG, PNG, WebP or AVIF, at least 640 px wide, at most 5 MB. {value ? `Now: ${value}` : 'No photo yet.'}
      </p>
      {state.busy && <p role="status">Uploading the photo…</p>}
      {shown && (
        // An upload's own failure is announced; the form's check is in the form's summary already.
        <p className="bo-field__error" role={state.message ? 'alert' : undefined}>
          {shown}
        </p>
      )}
    </div>
  );
}
