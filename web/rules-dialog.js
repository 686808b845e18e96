/** The rules dialog: the rules of a preset in the page's language. */

import { getLang, t } from "./i18n.js";
import { $ } from "./page.js";
import { rulesHtml } from "./rules/text.js";

export function renderRules() {
  const preset = $("rules-preset").value;
  $("rules-title").textContent = t("rules.title", { preset: t(`preset.${preset}`) });
  const page = `/rules/?preset=${preset}&lang=${getLang()}`;
  $("rules-body").innerHTML = `${rulesHtml(preset, getLang())}<p><a href="${page}" target="_blank" rel="noopener">${t("rules.page")}</a></p>`;
}

function openRules(preset) {
  $("rules-preset").value = preset || "classic";
  renderRules();
  $("rules-dialog").showModal();
}

/** The rules buttons (top bar and home form) and the dialog's preset chooser;
 * `tablePreset()` names the preset of the table on screen, or null. */
export function bindRules(tablePreset) {
  $("open-rules").addEventListener("click", () => {
    const preset = (!$("table").hidden && tablePreset()) || (!$("home").hidden ? $("preset").value : null);
    openRules(preset);
  });
  $("home-rules").addEventListener("click", (ev) => {
    ev.preventDefault();
    openRules($("preset").value);
  });
  $("rules-preset").addEventListener("change", renderRules);
}
