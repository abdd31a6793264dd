/** A form's error summary, announced when it appears (role="alert"). */
export function FormAlert({ message }: { readonly message: string | null }) {
  if (message === null) return null;
  return (
    <div class="alert" role="alert">
      {message}
    </div>
  );
}
