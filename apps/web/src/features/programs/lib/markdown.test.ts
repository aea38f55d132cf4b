import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';
import { apiHref, apiPath } from './urls';

describe('content Markdown', () => {
  it('removes anything that could run', () => {
    const html = renderMarkdown(
      'Hi <img src=x onerror="alert(1)"><script>alert(2)</script> [x](javascript:alert(3))',
    );
    expect(html).not.toMatch(/onerror|<script|javascript:/i);
  });

  it('moves headings one level down and drops a leading title on request', () => {
    expect(renderMarkdown('# Title\n\n## Part')).toContain('<h2>Title</h2>');
    const dropped = renderMarkdown('# Title\n\nBody\n\n## Part', { dropTitle: true });
    expect(dropped).not.toContain('Title');
    expect(dropped).toContain('<h3>Part</h3>');
  });

  it('opens outside links in a new tab without access to this window', () => {
    const html = renderMarkdown('[Mom Test](https://www.momtestbook.com)');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer"');
  });
});

describe('API paths', () => {
  it('turns /api paths into client paths and browser links', () => {
    expect(apiPath('/api/userMission/1/attachments/2/download')).toBe(
      '/userMission/1/attachments/2/download',
    );
    expect(apiHref('/api/content/icons/a.svg', '/api')).toBe('/api/content/icons/a.svg');
    expect(apiHref('/api/content/icons/a.svg', 'https://api.example.com/api')).toBe(
      'https://api.example.com/api/content/icons/a.svg',
    );
    expect(apiHref('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
  });
});
