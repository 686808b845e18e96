/**
 * The saved data (`store`: settings, seat tokens, the current table), the
 * player's settings as they are now, and the settings dialog.
 */

import { getLang, setLang, t } from "./i18n.js";
import { askToNotify, canNotify } from "./notify.js";
import { $ } from "./page.js";
import { makeStore } from "./storage.js";

export const store = makeStore(globalThis.localStorage);

export let settings = store.settings();
setLang(settings.lang);

/** Save `change` into the settings; every module reads the new ones through `settings`. */
export function saveSettings(change) {
  settings = store.saveSettings(change);
}

export function applySettings() {
  document.body.classList.toggle("pips-black", settings.pips === "black");
  document.body.classList.toggle("pips-color", settings.pips !== "black");
  document.documentElement.lang = getLang();
  $("lang-select").value = getLang();
}

/** The settings dialog: aids, sound, pip colours. */
export function bindSettings() {
  $("open-settings").addEventListener("click", () => {
    $("set-aids").checked = settings.aids;
    $("set-sound").checked = settings.sound;
    $("set-notify").disabled = !canNotify();
    $("set-notify").checked = settings.notify && canNotify() && Notification.permission === "granted";
    $("notify-hint").hidden = canNotify();
    $("notify-hint").textContent = canNotify() ? "" : t("settings.notifyNone");
    for (const r of document.querySelectorAll('#settings-dialog input[name="pips"]')) r.checked = r.value === settings.pips;
    $("settings-dialog").showModal();
  });
  $("set-aids").addEventListener("change", (ev) => {
    saveSettings({ aids: ev.target.checked });
    if (!settings.aids) $("aid-tip").hidden = true;
  });
  $("set-sound").addEventListener("change", (ev) => {
    saveSettings({ sound: ev.target.checked });
  });
  $("set-notify").addEventListener("change", async (ev) => {
    const box = ev.target;
    const wanted = box.checked;
    const allowed = wanted && (await askToNotify());
    box.checked = allowed;
    saveSettings({ notify: allowed });
    const refused = wanted && !allowed; // the browser (or the player, asked) said no
    $("notify-hint").hidden = !refused;
    $("notify-hint").textContent = refused ? t("settings.notifyBlocked") : "";
  });
  for (const r of document.querySelectorAll('#settings-dialog input[name="pips"]')) {
    r.addEventListener("change", () => {
      saveSettings({ pips: r.value });
      applySettings();
    });
  }
}
