/** The home page's sections, in the spec's order (section 2, "Home page"). */
export const homeSections = [
  { key: 'carousel', id: 'featured', title: 'Featured competitions' },
  { key: 'pricing', id: 'pricing', title: 'How prices work' },
  { key: 'anchor-navigation', id: 'explore', title: 'Explore' },
  { key: 'next-draw', id: 'next-draw', title: 'Next draw' },
  { key: 'instant-wins', id: 'instant-wins', title: 'Instant wins' },
  { key: 'comps-for-everyone', id: 'comps-for-everyone', title: 'Comps for everyone' },
  { key: 'finished-competitions', id: 'finished-competitions', title: 'Finished competitions' },
  { key: 'wrapper', id: 'play-fair', title: 'Play fair, win big' },
] as const;

export type HomeSectionKey = (typeof homeSections)[number]['key'];

export function homeSection(key: HomeSectionKey) {
  const section = homeSections.find((s) => s.key === key);
  if (!section) throw new Error(`unknown home section ${key}`);
  return section;
}
