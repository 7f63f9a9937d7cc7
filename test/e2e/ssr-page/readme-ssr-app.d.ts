/** The README's server-render example app, extracted by `test/helpers/readme-ssr-app.ts` (a Vite alias). */
declare module 'readme-ssr-app' {
  export function App(props: {
    catalogue: import('../../../src/create-catalogue.js').Catalogue;
  }): import('react').ReactNode;
}
