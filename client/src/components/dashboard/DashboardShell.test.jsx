import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Input, theme } from 'antd';
import AppProviders from '../../providers';
import DashboardShell from './DashboardShell';
import { widthIs } from '../../test/screen-width';
import { antdStyles, styleOf } from '../../test/cascade';
import { contrast } from '../../test/contrast';

afterEach(() => vi.restoreAllMocks());

/** ControlSize says how tall the dashboard's antd controls are and how large their text. */
function ControlSize() {
  const { token } = theme.useToken();
  return (
    <>
      <p>{`controls ${token.controlHeight}px, text ${token.fontSize}px`}</p>
      <p>{`motion ${token.motion ? 'on' : 'off'}`}</p>
    </>
  );
}

const renderShell = () => render(
  <AppProviders>
    <MemoryRouter>
      <DashboardShell title="Dashboard" menu={null}><ControlSize /></DashboardShell>
    </MemoryRouter>
  </AppProviders>,
);

describe('DashboardShell', () => {
  it.each([360, 390, 430, 767])('gives a %i px phone 44 px controls with 16 px text', async (px) => {
    widthIs(px);
    renderShell();
    expect(await screen.findByText('controls 44px, text 16px')).toBeInTheDocument();
  });

  it.each([768, 844, 1024])('gives a %i px touch screen (a tablet, a landscape phone) 44 px controls', async (px) => {
    widthIs(px, { touch: true });
    renderShell();
    expect(await screen.findByText('controls 44px, text 16px')).toBeInTheDocument();
  });

  it('keeps antd\'s 32 px controls and 14 px text from 768 px up with a mouse', async () => {
    widthIs(1280);
    renderShell();
    expect(await screen.findByText('controls 32px, text 14px')).toBeInTheDocument();
  });

  // antd's dialogs zoomed in and out and its dropdowns slid for a person who asks for less
  // motion: its motion is off for them.
  it.each([390, 1280])('turns antd\'s motion off at %i px for a person who asks for less motion', async (px) => {
    widthIs(px, { reducedMotion: true });
    renderShell();
    expect(await screen.findByText('motion off')).toBeInTheDocument();
  });

  it('keeps antd\'s motion for everyone else', async () => {
    widthIs(1280);
    renderShell();
    expect(await screen.findByText('motion on')).toBeInTheDocument();
  });

  // A disabled field still says something (the profile's email, a product's quantity made of
  // its variants' stock): antd's grey on grey read at 1.8:1.
  it.each([390, 1280])('writes a disabled field\'s text at 4.5:1 or more on its grey at %i px', async (px) => {
    widthIs(px);
    const { css } = antdStyles(
      <AppProviders>
        <MemoryRouter>
          <DashboardShell title="Dashboard" menu={null}><Input aria-label="Email" value="ada@example.com" disabled /></DashboardShell>
        </MemoryRouter>
      </AppProviders>,
    );
    const field = await screen.findByLabelText('Email');
    expect(field).toBeDisabled();
    const style = styleOf([css, readFileSync('src/index.css', 'utf8')], { width: px });
    const text = style.value(field, 'color');
    const background = style.value(field, 'background-color');
    expect(contrast(text, background, style.value(document.body, 'background'))).toBeGreaterThanOrEqual(4.5);
  });
});
