declare global {
  interface Window {
    /** Set by the server's GET /config.js before the module entry runs. */
    __YANKE_CONFIG__?: unknown;
  }
}

export {};
