// Netlify's local emulation (astro dev's Vite plugin and scripts/site-server.ts) with the
// features that reach the network or start services of their own turned off: the local store is
// our only backing service.
export const netlifyLocalFeatures = {
  edgeFunctions: { enabled: false },
  database: { enabled: false },
  images: { enabled: false },
  blobs: { enabled: false },
  aiGateway: { enabled: false },
  geolocation: { enabled: false },
};
