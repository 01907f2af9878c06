// The join page: goes to /r/<CODE>/ for the room code typed in (upper case, spaces and dashes dropped).
"use strict";

(function () {
  const form = document.getElementById("join");
  const input = document.getElementById("code");
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const code = input.value.toUpperCase().replace(/[\s-]/g, "");
    if (/^[A-Z2-9]{8}$/.test(code)) location.assign("/r/" + code + "/");
    else input.focus();
  });
})();
