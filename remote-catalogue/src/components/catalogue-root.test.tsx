import { act, render, screen } from '@testing-library/react';
import useSWR from 'swr';
import { describe, expect, it } from 'vitest';
import { CatalogueRoot } from './catalogue-root.tsx';

function Loaded({ name }: { name: string }) {
  const { data } = useSWR(`key-${name}`, () => new Promise<string>((r) => setTimeout(() => r(`${name} loaded`), 10)));
  return <p>{data ?? `${name} loading`}</p>;
}

describe('CatalogueRoot', () => {
  it('keeps working when one page replaces another (each page mounts its own root)', async () => {
    // The shell swaps whole exposed pages; the old page's root unmounts while the new
    // one is already rendering. The new page must still get its data.
    const { rerender } = render(
      <CatalogueRoot key="home">
        <Loaded name="home" />
      </CatalogueRoot>,
    );
    expect(await screen.findByText('home loaded')).toBeTruthy();
    rerender(
      <CatalogueRoot key="details">
        <Loaded name="details" />
      </CatalogueRoot>,
    );
    await act(async () => {
      await new Promise((r) => setTimeout(r, 30));
    });
    expect(await screen.findByText('details loaded')).toBeTruthy();
  });
});
