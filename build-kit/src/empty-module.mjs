// Stands in for every stylesheet in a server build: the browser build's CSS styles the page.
export {};
