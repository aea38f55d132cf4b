/** The small HTML pages of the expert's signed accept/decline link (experts have no account). */
const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Liftoff</title></head>
<body style="margin:0;background:#F5F5FA;font-family:Inter,Segoe UI,Arial,sans-serif;color:#1F2937">
<main style="max-width:560px;margin:48px auto;background:#FFFFFF;border-radius:12px;padding:32px">
<p style="font-weight:700;color:#3730A3;font-size:20px;margin:0 0 16px">Liftoff</p>
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(title)}</h1>
${body}
</main></body></html>`;
}

const p = (text: string) =>
  `<p style="font-size:16px;line-height:1.5;margin:0 0 16px">${escapeHtml(text)}</p>`;
const button = (label: string, value: string, primary: boolean) =>
  `<button type="submit" name="action" value="${value}" style="font:inherit;font-weight:600;padding:12px 20px;border-radius:8px;border:2px solid #3730A3;margin-right:12px;cursor:pointer;${
    primary ? 'background:#3730A3;color:#FFFFFF' : 'background:#FFFFFF;color:#3730A3'
  }">${escapeHtml(label)}</button>`;

export function respondForm(input: {
  action: string;
  token: string;
  founderName: string;
  serviceName: string;
  duration: number;
  when: string;
  note: string | null;
  status: string;
}): string {
  const summary = `${input.serviceName} (${input.duration} minutes) with ${input.founderName}, ${input.when}.`;
  if (input.status !== 'REQUESTED') {
    return page(
      'This request was already answered',
      p(summary) + p(`Its status is ${input.status.toLowerCase()}.`),
    );
  }
  return page(
    'Meeting request',
    p(summary) +
      (input.note ? p(`Note: ${input.note}`) : '') +
      `<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="token" value="${escapeHtml(input.token)}">
${button('Accept', 'accept', true)}${button('Decline', 'decline', false)}
</form>`,
  );
}

export const respondDone = (accepted: boolean, founderName: string) =>
  page(
    accepted ? 'Meeting accepted' : 'Meeting declined',
    p(
      accepted
        ? `Thank you. ${founderName} gets a confirmed calendar invite; yours is in your inbox.`
        : `Thank you. ${founderName} is told and can pick another time.`,
    ),
  );

export const respondError = (message: string) => page('This link cannot be used', p(message));
