import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AfterFirstPaint } from '../src/components/AfterFirstPaint.tsx';

describe('AfterFirstPaint', () => {
  it('leaves its children out of the first render', () => {
    const html = renderToString(
      <main>
        <h1>Board</h1>
        <AfterFirstPaint>
          <p>Move History</p>
        </AfterFirstPaint>
      </main>,
    );
    expect(html).toContain('Board');
    expect(html).not.toContain('Move History');
  });

  it('shows them once the page has been committed', async () => {
    render(
      <AfterFirstPaint>
        <p>Move History</p>
      </AfterFirstPaint>,
    );
    expect(await screen.findByText('Move History')).toBeTruthy();
  });
});
