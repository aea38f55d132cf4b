/** A mail as the product writes it; rendered to a text and an HTML part. */
export interface MailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  code?: string;
  action?: { label: string; url: string };
  footer?: string;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function renderMail(content: MailContent): { subject: string; text: string; html: string } {
  const footer = content.footer ?? 'You received this e-mail because of activity on your Liftoff account.';
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.code ? [`Your code: ${content.code}`, ''] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    '—',
    footer,
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="margin:0;background:#F5F5FA;font-family:Inter,Segoe UI,Arial,sans-serif;color:#1F2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#FFFFFF;border-radius:12px;padding:32px">
<tr><td style="font-weight:700;color:#3730A3;font-size:20px;padding-bottom:16px">Liftoff</td></tr>
<tr><td><h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map((p) => `<p style="font-size:16px;line-height:1.5;margin:0 0 16px">${escapeHtml(p)}</p>`).join('\n')}
${content.code ? `<p style="font-size:32px;letter-spacing:8px;font-weight:700;margin:8px 0 24px">${escapeHtml(content.code)}</p>` : ''}
${content.action ? `<p style="margin:8px 0 24px"><a href="${escapeHtml(content.action.url)}" style="background:#3730A3;color:#FFFFFF;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p><p style="font-size:13px;color:#4B5563">Or open this link: ${escapeHtml(content.action.url)}</p>` : ''}
<p style="font-size:13px;color:#4B5563;margin-top:24px">${escapeHtml(footer)}</p></td></tr></table></td></tr></table></body></html>`;
  return { subject: content.subject, text, html };
}
