/** Styles of the pin layer (inside its shadow root, so the page's CSS cannot reach them). */
export const PIN_STYLES = `
:host { all: initial; position: absolute; top: 0; left: 0; width: 0; height: 0; z-index: 2147483647; pointer-events: none; }
.layer { position: absolute; top: 0; left: 0; }
.pin {
  position: absolute; top: 0; left: 0; margin: -30px 0 0 0; box-sizing: border-box;
  width: 30px; height: 30px; padding: 0; border: 2px solid #fff; border-radius: 50% 50% 50% 3px;
  background: #4f46e5; color: #fff; font: 700 12px/26px ui-sans-serif, system-ui, sans-serif; text-align: center;
  box-shadow: 0 2px 6px rgba(15, 23, 42, .35); cursor: pointer; pointer-events: auto;
  transform-origin: 0 100%; transition: box-shadow .12s ease, filter .12s ease;
}
.pin:hover { filter: brightness(1.1); }
.pin:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
.pin.status-in-progress { background: #d97706; }
.pin.status-in-review { background: #0284c7; }
.pin.status-resolved { background: #059669; }
.pin.selected { box-shadow: 0 0 0 4px rgba(79, 70, 229, .35), 0 4px 10px rgba(15, 23, 42, .4); z-index: 1; }
.pin.draft { background: #0f172a; }
.pin[hidden], .hover[hidden] { display: none; }
.hover {
  position: fixed; top: 0; left: 0; pointer-events: none; box-sizing: border-box;
  border: 2px solid #4f46e5; background: rgba(79, 70, 229, .08); border-radius: 3px;
}
`
