/** A form's refusal or failure, announced as it appears. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="bo-alert" role="alert">
      {message}
    </p>
  );
}
