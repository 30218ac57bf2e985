// Runs before the app bundle: applies the stored theme so a light-theme user never sees a dark flash.
(() => {
  try {
    const theme = localStorage.getItem('theme');
    if (theme !== 'light' && theme !== 'dark') return;
    document.documentElement.setAttribute('data-theme', theme);
    const meta = document.querySelector('meta[name="theme-color"]');
    if (meta) meta.setAttribute('content', theme === 'light' ? '#ffffff' : '#202020');
  } catch {
    // storage blocked (private mode): keep the default dark theme
  }
})();
