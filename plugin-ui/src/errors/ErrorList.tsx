/** The visible list of errors of a failed form or action (one message as text, several as a list). */
export function ErrorList({ messages, testId = 'form-errors' }: { messages: string[]; testId?: string }) {
  if (messages.length === 0) return null;
  return (
    <div className="vk-alert vk-alert--danger" role="alert" data-testid={testId}>
      {messages.length === 1 ? (
        messages[0]
      ) : (
        <ul>
          {messages.map((message, i) => (
            <li key={`${i}-${message}`}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
