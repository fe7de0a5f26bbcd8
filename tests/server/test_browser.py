"""The arbiter's page in a real browser: headless Chromium driven by selenium.

Skipped, saying why, where selenium, Debian's ``chromium`` or its
``chromium-driver`` is missing (``.ci/run`` installs them where it can).
Screenshots are kept in ``tests/artifacts/serve/`` (not in git), or under
``$TRFKIT_ARTIFACTS``.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import FIXTURES, ROOT
from tests.server.serving import port, request, running
from tests.server.test_api import SCRIPT_NAME, script_file
from trfkit.server.app import Server

webdriver = pytest.importorskip(
    "selenium.webdriver", reason="selenium not installed: pip install -e '.[test]'"
)
from selenium.common.exceptions import (  # noqa: E402
    NoAlertPresentException,
    StaleElementReferenceException,
)
from selenium.webdriver.common.by import By  # noqa: E402

ARTIFACTS = Path(os.environ.get("TRFKIT_ARTIFACTS", ROOT / "tests" / "artifacts")) / "serve"
DEFECT = "bad-rating-letter.trf"  # line 16, column 49: rating '24O0' (P002)


def _executable(*names: str) -> str | None:
    return next((p for p in map(shutil.which, names) if p), None)


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with running() as s:
        yield s


@pytest.fixture(scope="module")
def downloads(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("downloads")


@pytest.fixture(scope="module")
def browser(downloads: Path) -> Iterator[Any]:
    chromium = _executable("chromium", "chromium-browser")
    driver_path = _executable("chromedriver")
    if chromium is None or driver_path is None:
        pytest.skip(
            "headless Chromium not installed: the page's browser tests need Debian's "
            "chromium and chromium-driver packages"
        )
    # Named drivers only: selenium's own manager would look for a browser
    # on the network (and report to it); the tests never use the network.
    os.environ["SE_AVOID_STATS"] = os.environ["SE_OFFLINE"] = "true"
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--window-size=1280,800",
        "--disable-dev-shm-usage",
        "--no-first-run",
        "--disable-extensions",
    ):
        options.add_argument(arg)  # fmt: skip
    options.add_experimental_option(
        "prefs",
        {"download.default_directory": str(downloads), "download.prompt_for_download": False},
    )
    service = webdriver.ChromeService(executable_path=driver_path)
    driver = webdriver.Chrome(options=options, service=service)
    driver.execute_cdp_cmd(
        "Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)}
    )
    try:
        yield driver
    finally:
        driver.quit()


def _wait(what: Callable[[], Any], timeout: float = 10.0) -> Any:
    """``what()`` once it is truthy; fails after ``timeout`` seconds. An
    element replaced while it is read (a frame that loads its document after
    a first blank page) is read again, not a failure."""
    from selenium.common.exceptions import StaleElementReferenceException

    until = time.monotonic() + timeout
    while True:
        try:
            got = what()
        except StaleElementReferenceException:
            got = None
        if got:
            return got
        if time.monotonic() > until:
            raise AssertionError(f"waited {timeout} s in vain for {what}")
        time.sleep(0.05)


def _shot(driver: Any, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    driver.save_screenshot(str(path))
    return path


def _open(driver: Any, server: Server) -> None:
    driver.set_window_size(1280, 800)
    driver.get(f"http://127.0.0.1:{port(server)}/")
    # The options come from /api/meta once the script has run.
    _wait(lambda: len(driver.find_elements(By.CSS_SELECTOR, "#rules option")) > 1)


def _text(driver: Any, selector: str) -> str:
    return str(driver.find_element(By.CSS_SELECTOR, selector).text)


def _options(driver: Any) -> None:
    """Unfolds the options (folded once a file is checked)."""
    box = driver.find_element(By.ID, "options-box")
    if not box.get_attribute("open"):
        box.find_element(By.TAG_NAME, "summary").click()


def _software(driver: Any) -> None:
    """Unfolds the downloads for software (JSON, CSV, SARIF)."""
    box = driver.find_element(By.ID, "for-software")
    if not box.get_attribute("open"):
        box.find_element(By.TAG_NAME, "summary").click()


def test_upload_see_choose_tab_download(browser: Any, server: Server, downloads: Path) -> None:
    d = browser
    _open(d, server)
    assert d.title == "trfkit: check a tournament file"
    # The rule sets and the Form 3 tab are built from the server's table.
    rules = [o.get_attribute("value") for o in d.find_elements(By.CSS_SELECTOR, "#rules option")]
    assert rules[0] == "auto" and "fide-2024" in rules and "chessa-2015" in rules

    started = time.monotonic()
    d.find_element(By.ID, "file").send_keys(str(FIXTURES / DEFECT))
    _wait(lambda: _text(d, "#status").startswith("Checked"))
    assert time.monotonic() - started < 5  # the target (1 s) is measured in bench/
    assert "1 error, 0 warnings, 9 notes." in _text(d, "#status")
    assert _text(d, "#counts") == "1 error, 0 warnings, 9 notes"

    summary = _text(d, "#summary")
    assert "Lakeside Spring Open 2025" in summary
    assert "15: 12 rated, 3 unrated, 8 titled" in summary
    assert "fide-2024 (start 2025-03-14)" in summary

    errors = d.find_element(By.CSS_SELECTOR, "#findings section.sev-error")
    assert errors.find_element(By.CSS_SELECTOR, "h3 .badge").text == "1"
    finding = errors.find_element(By.CSS_SELECTOR, "li button")
    assert finding.text.startswith("P002 line 16, column 49: rating '24O0' in columns 49-52")
    # The code's meaning before the code, on its first use.
    assert "a field that cannot be read (P002)" in errors.find_element(By.TAG_NAME, "summary").text
    _shot(d, "1-checked")

    # Choosing the finding marks its line and column and scrolls to them.
    finding.click()
    line = d.find_element(By.ID, "L16")
    _wait(lambda: "current" in (line.get_attribute("class") or ""))
    assert line.find_element(By.TAG_NAME, "mark").text == "2"  # column 49 of '24O0' at 49-52
    assert "24O0" in line.text
    visible = d.execute_script(
        "const l = document.getElementById('L16').getBoundingClientRect();"
        "const p = document.getElementById('source').getBoundingClientRect();"
        "return l.top >= p.top && l.bottom <= p.bottom;"
    )
    assert visible
    _shot(d, "2-finding-chosen")

    # Form 3: the server's HTML page in the tab's frame.
    d.find_element(By.ID, "tab-rate").click()
    assert not d.find_element(By.ID, "panel-rate").get_attribute("hidden")
    assert d.find_element(By.ID, "panel-check").get_attribute("hidden")
    frame = d.find_element(By.CSS_SELECTOR, "#panel-rate iframe")
    d.switch_to.frame(frame)
    try:
        _wait(lambda: d.find_elements(By.CSS_SELECTOR, "table"))
        assert "Okonkwo-Baird" in d.find_element(By.TAG_NAME, "body").text
    finally:
        d.switch_to.default_content()
    _shot(d, "3-form3-tab")

    # Form 1: /api/report?form=1 in its own tab, the crosstable's labels.
    d.find_element(By.ID, "tab-form1").click()
    assert not d.find_element(By.ID, "panel-form1").get_attribute("hidden")
    d.switch_to.frame(d.find_element(By.CSS_SELECTOR, "#panel-form1 iframe"))
    try:
        _wait(lambda: d.find_elements(By.CSS_SELECTOR, "thead"))
        body = d.find_element(By.TAG_NAME, "body").text
        assert "Okonkwo-Baird" in body and "Cross Table".upper() in body.upper()
    finally:
        d.switch_to.default_content()
    _shot(d, "3b-form1-tab")

    # The check JSON, downloaded: the API's document for the same file.
    d.find_element(By.ID, "tab-check").click()
    _software(d)
    button = next(
        b for b in d.find_elements(By.CSS_SELECTOR, "#downloads button") if b.text == "check JSON"
    )
    button.click()
    target = downloads / "bad-rating-letter.check.json"
    _wait(lambda: target.is_file() and target.stat().st_size > 0)
    _, _, body = request(
        server, "POST", f"/api/check?name={DEFECT}", (FIXTURES / DEFECT).read_bytes()
    )
    assert json.loads(target.read_text()) == json.loads(body)


def test_phone_width_and_drop_zone(browser: Any, server: Server) -> None:
    d = browser
    _open(d, server)
    d.set_window_size(390, 844)
    # A file dropped on the drop zone (the browser's own drop event).
    d.execute_script(
        "const file = new File([arguments[0]], 'dropped.trf', {type: 'text/plain'});"
        "const data = new DataTransfer(); data.items.add(file);"
        "document.getElementById('drop').dispatchEvent("
        "  new DragEvent('drop', {dataTransfer: data, bubbles: true, cancelable: true}));",
        (FIXTURES / "bad-two-lines.trf").read_text(),
    )
    _wait(lambda: _text(d, "#status").startswith("Checked dropped.trf"))
    assert "2 errors, " in _text(d, "#status")
    # Nothing wider than the phone's screen: no sideways scrolling of the page.
    width = d.execute_script(
        "const e = document.documentElement; return [e.scrollWidth, e.clientWidth];"
    )
    assert width[0] <= width[1], width
    _shot(d, "4-phone")
    d.set_window_size(1280, 800)


def test_a_players_script_name_shows_as_those_characters(browser: Any, server: Server) -> None:
    d = browser
    _open(d, server)
    d.find_element(By.CSS_SELECTOR, "#paste-box summary").click()
    box = d.find_element(By.ID, "paste")
    d.execute_script("arguments[0].value = arguments[1];", box, script_file().decode())
    d.find_element(By.ID, "use-paste").click()
    _wait(lambda: _text(d, "#status").startswith("Checked pasted.trf"))
    with pytest.raises(NoAlertPresentException):
        d.switch_to.alert.text  # noqa: B018
    assert SCRIPT_NAME in _text(d, "#source")
    assert d.execute_script("return document.querySelectorAll('#source *:not(span)').length") == 0
    # Form 3 escapes it too, and its own script ran (the page's policy let it).
    d.find_element(By.ID, "tab-rate").click()
    d.switch_to.frame(d.find_element(By.CSS_SELECTOR, "#panel-rate iframe"))
    try:
        _wait(lambda: SCRIPT_NAME in d.find_element(By.TAG_NAME, "body").text)
        assert d.execute_script("return document.querySelectorAll('script').length") == 1
    finally:
        d.switch_to.default_content()
    with pytest.raises(NoAlertPresentException):
        d.switch_to.alert.text  # noqa: B018
    logs = [e for e in d.get_log("browser") if "Content Security Policy" in e["message"]]
    assert logs == []  # nothing of the page or Form 3 was blocked


def test_keyboard_alone_chooses_a_finding_and_a_tab(browser: Any, server: Server) -> None:
    from selenium.webdriver.common.keys import Keys

    d = browser
    _open(d, server)
    d.find_element(By.ID, "file").send_keys(str(FIXTURES / "bad-two-lines.trf"))
    _wait(lambda: _text(d, "#status").startswith("Checked"))
    errors = d.find_elements(By.CSS_SELECTOR, "#findings section.sev-error li button")
    assert [b.text.split(":")[0] for b in errors] == [
        "P002 line 19, column 49",
        "P002 line 24, column 119",
    ]
    d.execute_script("arguments[0].focus();", errors[1])
    errors[1].send_keys(Keys.ENTER)
    line = d.find_element(By.ID, "L24")
    _wait(lambda: "current" in (line.get_attribute("class") or ""))
    assert line.find_element(By.TAG_NAME, "mark").text == "?"  # round 3's result, column 119
    tab = d.find_element(By.ID, "tab-check")
    d.execute_script("arguments[0].focus();", tab)
    tab.send_keys(Keys.ARROW_RIGHT)
    assert d.find_element(By.ID, "tab-rate").get_attribute("aria-selected") == "true"
    assert d.switch_to.active_element == d.find_element(By.ID, "tab-rate")
    assert not d.find_element(By.ID, "panel-rate").get_attribute("hidden")


def _frame_text(d: Any, tab: str) -> str:
    """The text of a document tab's frame, once it shows something."""
    d.find_element(By.ID, f"tab-{tab}").click()
    d.switch_to.frame(d.find_element(By.CSS_SELECTOR, f"#panel-{tab} iframe"))
    try:

        def body() -> str:
            # The frame may be between its empty page and the document.
            try:
                return str(d.find_element(By.TAG_NAME, "body").text.strip())
            except StaleElementReferenceException:
                return ""

        return str(_wait(lambda: d.find_elements(By.TAG_NAME, "body") and body()))
    finally:
        d.switch_to.default_content()


def test_a_chosen_rule_set_reaches_what_takes_it_and_breaks_nothing_else(
    browser: Any, server: Server, downloads: Path
) -> None:
    """A rule set and a time control chosen on the page go to the check,
    Form 3 and the forms; the standings (which take neither), the norms
    (whose rule sets are the title regulations') and the rewritten file
    are still made, as the command line makes them without the option."""
    from selenium.webdriver.support.ui import Select

    d = browser
    _open(d, server)
    d.find_element(By.ID, "file").send_keys(str(FIXTURES / "swiss-trf16.trf"))
    _wait(lambda: _text(d, "#status").startswith("Checked"))
    _options(d)
    d.find_element(By.ID, "time_control").send_keys("90+30")
    Select(d.find_element(By.ID, "rules")).select_by_value("fide-2009")
    _wait(lambda: "fide-2009 (given" in _text(d, "#summary"))
    assert "fide-2009" in _frame_text(d, "rate")
    assert "90+30" in _frame_text(d, "rate")
    # Lakeside Spring Open 2025 declares no tie-breaks (no 202 or 212).
    assert _frame_text(d, "standings").startswith("Lakeside Spring Open 2025: standings")
    # Title regulations by the start date (2025-03-14): B.01 of 2024.
    assert "b01-2024" in _frame_text(d, "norms")
    assert "Certificates of title result" in _frame_text(d, "certificates")
    d.find_element(By.ID, "tab-check").click()
    _software(d)
    for selector, label, name in [
        ("#for-fide button", "file in TRF-2026", "swiss-trf16.trf26.trf"),
        ("#downloads button", "standings CSV", "swiss-trf16.standings.csv"),
        ("#save-form2", "Save HTML", "swiss-trf16.form2.html"),
        ("#save-summary", "Save HTML", "swiss-trf16.summary.html"),
    ]:
        if selector.startswith("#save-"):
            d.find_element(By.ID, selector.replace("#save-", "tab-")).click()
        button = next(b for b in d.find_elements(By.CSS_SELECTOR, selector) if b.text == label)
        button.click()
        _wait(lambda: _text(d, "#status").startswith(f"Downloaded {name}."))  # noqa: B023
        _wait(lambda: (downloads / name).is_file())  # noqa: B023
        d.find_element(By.ID, "tab-check").click()
    assert (downloads / "swiss-trf16.trf26.trf").read_bytes().startswith(b"012 ")
    assert b"Pairing Card" in (downloads / "swiss-trf16.form2.html").read_bytes()


def test_a_document_not_made_says_why_in_its_tab(browser: Any, server: Server) -> None:
    """A tab whose document the server refuses shows the refusal's words,
    not an empty or broken frame; the next document made shows again. The
    refusal: the time limit, made too short for any work while the tab
    asks (the work runs in worker processes, which the test cannot patch)."""
    d = browser
    _open(d, server)
    d.find_element(By.ID, "file").send_keys(str(FIXTURES / "swiss-trf16.trf"))
    _wait(lambda: _text(d, "#status").startswith("Checked"))
    limit = server.time_limit
    server.time_limit = 0.0
    try:
        d.find_element(By.ID, "tab-standings").click()
        note = d.find_element(By.ID, "note-standings")
        _wait(note.is_displayed)
    finally:
        server.time_limit = limit
    assert note.text.startswith("Standings not made: the "), note.text
    assert "time limit" in note.text or "limit of 0 s" in note.text, note.text
    assert note.get_attribute("role") == "alert"
    assert not d.find_element(By.CSS_SELECTOR, "#panel-standings iframe").is_displayed()
    _shot(d, "5-document-not-made")
    d.find_element(By.ID, "again").click()  # checks again, and reloads the open tab
    frame = d.find_element(By.CSS_SELECTOR, "#panel-standings iframe")
    _wait(frame.is_displayed)
    assert not note.is_displayed()
    assert _frame_text(d, "standings").startswith("Lakeside Spring Open 2025: standings")


def test_a_far_column_chosen_keeps_its_line_marked_and_numbered(
    browser: Any, server: Server
) -> None:
    """Scrolled sideways to a finding's column, the file's box still shows
    the chosen line's marking there and its number at the left."""
    d = browser
    for width in (1280, 390):
        _open(d, server)
        if width < 1280:  # a phone's viewport (a window cannot be made that narrow)
            d.execute_cdp_cmd(
                "Emulation.setDeviceMetricsOverride",
                {"width": width, "height": 844, "deviceScaleFactor": 1, "mobile": True},
            )
        try:
            d.find_element(By.ID, "file").send_keys(str(FIXTURES / "bad-two-lines.trf"))
            _wait(lambda: _text(d, "#status").startswith("Checked"))
            # P002 line 24, column 119: round 3's result, far right of the box.
            d.find_elements(By.CSS_SELECTOR, "#findings section.sev-error li button")[1].click()
            _wait(lambda: d.find_elements(By.CSS_SELECTOR, "#L24.current mark"))
            box = d.execute_script(
                "const r = (e) => e.getBoundingClientRect();"
                "const pre = document.getElementById('source'), line = document.getElementById('L24');"
                "return {scrolled: pre.scrollLeft, pre: r(pre).left, line: r(line).right,"
                "  mark: r(line.querySelector('mark')).right,"
                "  numbers: [...pre.querySelectorAll('.ln')].map((n) => r(n).left)};"
            )
            assert box["scrolled"] > 0, box  # the column is out of sight unscrolled
            assert box["line"] >= box["mark"], box  # the marking reaches the column
            # Every line's number at the left, the short header lines' too.
            assert all(abs(n - box["pre"]) <= 2 for n in box["numbers"]), box
            _shot(d, f"6-far-column-{width}")
        finally:
            d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be", "utf-32-le"])
def test_a_file_with_a_byte_order_mark_shows_as_its_text(
    browser: Any, server: Server, tmp_path: Path, codec: str
) -> None:
    """A file saved as UTF-16 (Windows' "Unicode") or UTF-32 with its
    byte-order mark is read by the server; its view shows its text, not
    its bytes, so that the findings' lines and columns point at it."""
    import codecs

    bom = {"utf-16-le": codecs.BOM_UTF16_LE, "utf-16-be": codecs.BOM_UTF16_BE,
           "utf-32-le": codecs.BOM_UTF32_LE}[codec]  # fmt: skip
    path = tmp_path / f"swiss-{codec}.trf"
    path.write_bytes(bom + (FIXTURES / "swiss-trf16.trf").read_text().encode(codec))
    d = browser
    _open(d, server)
    d.find_element(By.ID, "file").send_keys(str(path))
    _wait(lambda: _text(d, "#status").startswith("Checked"))
    line = "return document.getElementById(arguments[0]).childNodes[1].textContent;"  # after its number
    assert d.execute_script(line, "L1") == "012 Lakeside Spring Open 2025"
    assert d.execute_script(line, "L2") == "022 Eastbrook"
    # R501 line 20, column 119: player 6's round 3, a half-point bye (H).
    d.find_element(By.CSS_SELECTOR, "#findings li button").click()
    _wait(lambda: d.find_elements(By.CSS_SELECTOR, "#L20.current mark"))
    assert _text(d, "#L20 mark") == "H"


def test_an_encoding_given_on_the_page_reads_the_names_right(
    browser: Any, server: Server, tmp_path: Path
) -> None:
    """A Czech file saved in cp1250 is no UTF-8: the reader falls back on
    cp1252 and says so (P005: 'pass --encoding'), and 'Dvořák' reads
    'Dvoøák' (byte F8 is ř in cp1250, ø in cp1252). The page's Encoding
    does what --encoding does: the names read right, in the file's view
    and in the forms."""
    from selenium.webdriver.common.keys import Keys

    lines = (FIXTURES / "swiss-trf16.trf").read_text().split("\n")
    i = next(i for i, line in enumerate(lines) if line.startswith("001    4 "))
    lines[i] = lines[i][:14] + "Dvořák, Antonín".ljust(33) + lines[i][47:]
    path = tmp_path / "czech.trf"
    path.write_bytes("\n".join(lines).encode("cp1250"))
    d = browser
    _open(d, server)
    d.find_element(By.ID, "file").send_keys(str(path))
    _wait(lambda: _text(d, "#status").startswith("Checked"))
    assert "Dvoøák, Antonín" in _text(d, f"#L{i + 1}")
    assert "P005" in _text(d, "#findings")
    # The finding's fix in the page's words: the page has no --encoding.
    assert "check it again in its own encoding" in _text(d, "#findings")
    assert "--encoding" not in _text(d, "#findings")
    _options(d)
    box = d.find_element(By.ID, "encoding")
    box.send_keys("cp1250", Keys.ENTER)
    _wait(lambda: "Dvořák, Antonín" in _text(d, f"#L{i + 1}"))
    _wait(lambda: "P005" not in _text(d, "#findings"))
    assert "Dvořák, Antonín" in _frame_text(d, "form1")
    # An encoding Python does not know is refused in its words.
    d.find_element(By.ID, "tab-check").click()
    box.clear()
    box.send_keys("klingon", Keys.ENTER)
    _wait(lambda: _text(d, "#status") == "Not checked: unknown encoding 'klingon'")
    box.clear()
    box.send_keys("cp1250", Keys.ENTER)
    _wait(lambda: _text(d, "#status").startswith("Checked czech.trf"))
    # Pasted text is sent as UTF-8, whatever the Encoding field says
    # (cp1250 here). After a check the file is one line: "change" opens
    # the drop zone and the paste box again.
    d.find_element(By.ID, "change").click()
    d.find_element(By.CSS_SELECTOR, "#paste-box summary").click()
    d.execute_script(
        "document.getElementById('paste').value = arguments[0];", "\n".join(lines) + "\n"
    )
    d.find_element(By.ID, "use-paste").click()
    _wait(lambda: _text(d, "#status").startswith("Checked pasted.trf"))
    assert "Dvořák, Antonín" in _text(d, f"#L{i + 1}")
    assert "Dvořák, Antonín" in _frame_text(d, "form1")


def test_several_files_dropped_say_that_one_is_checked(browser: Any, server: Server) -> None:
    """The page checks one file at a time: dropping three checks the first
    and names the two it passed over, rather than dropping them silently."""
    d = browser
    _open(d, server)
    d.execute_script(
        "const data = new DataTransfer();"
        "for (const name of ['first.trf', 'second.trf', 'third.trf'])"
        "  data.items.add(new File([arguments[0]], name, {type: 'text/plain'}));"
        "document.getElementById('drop').dispatchEvent("
        "  new DragEvent('drop', {dataTransfer: data, bubbles: true, cancelable: true}));",
        (FIXTURES / "swiss-trf16.trf").read_text(),
    )
    _wait(lambda: _text(d, "#status").startswith("Checked first.trf"))
    assert d.find_element(By.ID, "chosen").get_attribute("textContent") == (
        "first.trf: 2489 bytes. Only this one of the 3 files dropped is checked; "
        "drop the others one at a time (second.trf, third.trf)."
    )


def test_the_standings_tab_takes_the_tie_breaks_and_whose_standings(
    browser: Any, server: Server
) -> None:
    """A TRF16 file declares no tie-breaks: the Standings tab ranks by
    points only until the arbiter names them, as trfkit standings
    --tiebreaks does; a code C.07 has not is refused in its words."""
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    d = browser
    _open(d, server)
    d.find_element(By.ID, "file").send_keys(str(FIXTURES / "swiss-trf16.trf"))
    _wait(lambda: _text(d, "#status").startswith("Checked"))
    assert "ranked by points only" in _frame_text(d, "standings")
    box = d.find_element(By.ID, "tiebreaks")
    assert d.find_element(By.CSS_SELECTOR, "label[for=tiebreaks]").text == "Tie-breaks, in order"
    box.send_keys("BH/C1, BH,SB", Keys.ENTER)
    _wait(lambda: "BH/C1, BH, SB" in _frame_text(d, "standings"))
    shown = _frame_text(d, "standings")
    assert "ranked by points only" not in shown
    assert "Rk SNo Name Pts BH/C1 BH SB" in shown
    box.clear()
    box.send_keys("XYZ", Keys.ENTER)
    note = d.find_element(By.ID, "note-standings")
    _wait(note.is_displayed)
    assert note.text == "Standings not made: tiebreaks: unknown tie-break code XYZ"
    # Teams of an event without teams: refused, and said why.
    box.clear()
    Select(d.find_element(By.ID, "of")).select_by_value("teams")
    _wait(lambda: "no teams to rank" in note.text)
    Select(d.find_element(By.ID, "of")).select_by_value("")
    _wait(lambda: not note.is_displayed())
    _shot(d, "7-standings-options")


def test_no_document_tab_has_anything_blocked_by_its_policy(browser: Any, server: Server) -> None:
    """Every document shows in its tab as it prints: the server's policy
    allows each document's own style (Form 2's pairing cards set their
    foot's margin in a style attribute), and nothing else."""
    d = browser
    _open(d, server)
    d.get_log("browser")  # what earlier tests left
    d.find_element(By.ID, "file").send_keys(str(FIXTURES / "swiss-trf16.trf"))
    _wait(lambda: _text(d, "#status").startswith("Checked"))
    for tab in ("rate", "form1", "form2", "summary", "standings", "norms", "certificates"):
        assert _frame_text(d, tab)
    d.switch_to.frame(d.find_element(By.CSS_SELECTOR, "#panel-form2 iframe"))
    try:
        foot = d.find_elements(By.CSS_SELECTOR, "section.card dl.head")[1]
        assert foot.value_of_css_property("margin-top") == foot.value_of_css_property("font-size")
    finally:
        d.switch_to.default_content()
    blocked = [
        e["message"] for e in d.get_log("browser") if "Content Security Policy" in e["message"]
    ]
    assert blocked == []


def test_a_findings_number_stands_beside_its_first_line(browser: Any, server: Server) -> None:
    """A finding of several lines has its number (the list's marker, on
    the baseline of the item's first line box) beside its first line: an
    empty probe put at the start of the item sits on that baseline."""
    d = browser
    _open(d, server)
    d.find_element(By.ID, "file").send_keys(str(FIXTURES / "bad-two-lines.trf"))
    _wait(lambda: _text(d, "#status").startswith("Checked"))
    place = d.execute_script(
        "const li = document.querySelector('#findings li');"
        "const button = li.querySelector('button');"
        "const probe = document.createElement('span'); li.prepend(probe);"
        "const got = {probe: probe.getBoundingClientRect().bottom,"
        "  top: button.getBoundingClientRect().top, bottom: button.getBoundingClientRect().bottom,"
        "  line: parseFloat(getComputedStyle(button).lineHeight)};"
        "probe.remove(); return got;"
    )
    assert place["bottom"] - place["top"] > 1.5 * place["line"], place  # several lines
    assert place["probe"] <= place["top"] + 1.2 * place["line"], place  # by the first


def test_the_check_shown_is_the_last_asked_for_and_asked_once(browser: Any, server: Server) -> None:
    """Enter in the Encoding field asks for one check, not two; and an
    answer that comes late (a big file's, asked for before the rule set
    was changed again) is not shown over the later one's."""
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    d = browser
    _open(d, server)
    d.find_element(By.ID, "file").send_keys(str(FIXTURES / "swiss-trf16.trf"))
    _wait(lambda: _text(d, "#status").startswith("Checked"))
    # Count the checks asked for, and hold back the answer to the first
    # check under fide-2009 for a second.
    d.execute_script(
        "window.checksAsked = 0; const fetched = window.fetch; let held = false;"
        "window.fetch = async (url, init) => {"
        "  if (String(url).startsWith('/api/check')) window.checksAsked += 1;"
        "  const answer = await fetched(url, init);"
        "  if (!held && String(url).includes('rules=fide-2009')) {"
        "    held = true; await new Promise((r) => setTimeout(r, 1000)); }"
        "  return answer; };"
    )
    _options(d)
    d.find_element(By.ID, "encoding").send_keys("utf-8", Keys.ENTER)
    _wait(lambda: _text(d, "#status").startswith("Checked"))
    time.sleep(0.3)
    assert d.execute_script("return window.checksAsked") == 1
    rules = Select(d.find_element(By.ID, "rules"))
    rules.select_by_value("fide-2009")
    rules.select_by_value("fide-2017")
    _wait(lambda: "fide-2017 (given" in _text(d, "#summary"))
    time.sleep(1.5)  # the held answer has come by now
    assert "fide-2017 (given" in _text(d, "#summary")
    assert _text(d, "#status").startswith("Checked")


def test_a_dropped_folder_is_said_to_be_unreadable(browser: Any, server: Server) -> None:
    """A folder dropped on the drop zone comes as a file the browser
    cannot read: the page says so instead of doing nothing."""
    d = browser
    _open(d, server)
    d.execute_script(
        # What Chromium does with a dropped folder: the file's bytes cannot be read.
        "File.prototype.arrayBuffer = () => Promise.reject(new DOMException('', 'NotFoundError'));"
        "const data = new DataTransfer(); data.items.add(new File([], 'march-2026'));"
        "document.getElementById('drop').dispatchEvent("
        "  new DragEvent('drop', {dataTransfer: data, bubbles: true, cancelable: true}));"
    )
    _wait(lambda: _text(d, "#status").startswith("march-2026"))
    assert _text(d, "#status") == (
        "march-2026 could not be read (a folder, or a file moved or locked?): "
        "choose or drop one TRF file."
    )
    assert "failed" in (d.find_element(By.ID, "status").get_attribute("class") or "")


def test_a_download_not_made_says_which_and_why(browser: Any, server: Server) -> None:
    """A download the server refuses names itself and the reason; one the
    server never answers (trfkit serve stopped) says so too."""
    from selenium.webdriver.common.keys import Keys

    d = browser
    _open(d, server)
    d.find_element(By.ID, "file").send_keys(str(FIXTURES / "swiss-trf16.trf"))
    _wait(lambda: _text(d, "#status").startswith("Checked"))
    d.find_element(By.ID, "tab-standings").click()
    d.find_element(By.ID, "tiebreaks").send_keys("XYZ", Keys.ENTER)
    d.find_element(By.ID, "tab-check").click()
    _software(d)

    def press(label: str) -> None:
        next(
            b for b in d.find_elements(By.CSS_SELECTOR, "#downloads button") if b.text == label
        ).click()

    press("standings CSV")
    _wait(lambda: "not made" in _text(d, "#status"))
    assert _text(d, "#status") == "standings CSV not made: tiebreaks: unknown tie-break code XYZ"
    d.execute_script("window.fetch = () => Promise.reject(new TypeError('Failed to fetch'));")
    press("Form 3 CSV")
    _wait(lambda: _text(d, "#status").startswith("Form 3 CSV not made"))
    assert _text(d, "#status") == (
        "Form 3 CSV not made: the server did not answer: is trfkit serve still running?"
    )


def test_every_hint_and_choice_is_read_whole(browser: Any, server: Server) -> None:
    """The hint in an empty field (the time control's: 'the file's 122 or
    222') and the chosen text of a choice (the rule set's 'auto: ...') are
    not cut off, on a desktop or a phone."""
    d = browser
    for width in (1280, 390):
        _open(d, server)
        if width < 1280:
            d.execute_cdp_cmd(
                "Emulation.setDeviceMetricsOverride",
                {"width": width, "height": 844, "deviceScaleFactor": 1, "mobile": True},
            )
        try:
            d.find_element(By.ID, "file").send_keys(str(FIXTURES / "swiss-trf16.trf"))
            _wait(lambda: _text(d, "#status").startswith("Checked"))
            # Each tab with fields of its own, shown; a hidden panel's fields have no width.
            for tab in ("tab-standings", "tab-pairings"):
                d.find_element(By.ID, tab).click()
                _options(d)
                cut = d.execute_script(
                    "const ctx = document.createElement('canvas').getContext('2d'); const out = [];"
                    "for (const e of document.querySelectorAll('input[placeholder]')) {"
                    "  if (!e.offsetParent) continue;"
                    "  const s = getComputedStyle(e); ctx.font = s.font;"
                    "  const room = e.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight)"
                    # A field with a list of choices keeps room for its arrow.
                    "    - (e.list ? 1.5 * parseFloat(s.fontSize) : 0);"
                    "  if (ctx.measureText(e.placeholder).width > room) out.push(e.id); }"
                    # A choice's chosen text too, beside its arrow.
                    "for (const e of document.querySelectorAll('select')) {"
                    "  if (!e.offsetParent) continue;"
                    "  const s = getComputedStyle(e); ctx.font = s.font;"
                    "  const room = e.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight)"
                    "    - 1.25 * parseFloat(s.fontSize);"
                    "  if (ctx.measureText(e.selectedOptions[0].text).width > room) out.push(e.id); }"
                    "return out;"
                )
                assert cut == [], (width, tab, cut)
        finally:
            d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


# -- the verdict (issue 32) ------------------------------------------------------

SIZES = [(1366, 900), (390, 844)]


def _sized(d: Any, server: Server, width: int, height: int) -> None:
    """The page at ``width`` × ``height``: a phone's viewport emulated (a
    window cannot be made that narrow)."""
    _open(d, server)
    d.set_window_size(1366, 900)
    if width < 1366:
        d.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True},
        )
    else:
        # The window's outer size differs from its viewport's: set the viewport.
        d.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
        )


def _above_the_fold(d: Any, selector: str) -> bool:
    return bool(
        d.execute_script(
            "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
            "return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight;",
            selector,
        )
    )


def _check(d: Any, path: Path) -> None:
    d.find_element(By.ID, "file").send_keys(str(path))
    _wait(lambda: _text(d, "#status").startswith("Checked"))


def _utf8_with_one_bad_byte(tmp_path: Path) -> Path:
    """The Swiss fixture with accented names in UTF-8, and one byte (in the
    arbiter's name) that is no UTF-8: read as cp1252, every accented name
    shifts its line."""
    text = (FIXTURES / "swiss-trf16.trf").read_text()
    for old, new in [("Vantreck, Oskar ", "Vantreck, Öskar "),
                     ("Halvorsen, Ingrid", "Halvørsen, Ingrid"),
                     ("Dravnik, Teodor", "Dravník, Teodor")]:  # fmt: skip
        text = text.replace(old, new)
    data = text.encode()
    at = data.index(b"Selma")
    path = tmp_path / "one-bad-byte.trf"
    path.write_bytes(data[:at] + b"\xe9" + data[at + 1 :])
    return path


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_verdict_is_above_the_fold(
    browser: Any, server: Server, width: int, height: int
) -> None:
    """A clean file says it is ready to submit; a file with an error says
    fix, and its first cause (plain words, code, line, fix) is in sight
    without scrolling, on a desktop and on a phone."""
    d = browser
    try:
        _sized(d, server, width, height)
        _check(d, FIXTURES / "swiss-trf16.trf")
        verdict = d.find_element(By.ID, "verdict")
        assert verdict.get_attribute("data-verdict") == "ready"
        assert _text(d, "#verdict-head") == "Ready to submit to FIDE"
        assert _above_the_fold(d, "#verdict-head")
        # The file shrank to one line: name, players, change.
        assert not d.find_element(By.ID, "drop").is_displayed()
        assert _text(d, "#loaded").startswith("swiss-trf16.trf · 15 players · change")
        _shot(d, f"verdict-ready-{width}")

        _check(d, FIXTURES / DEFECT)
        _wait(lambda: verdict.get_attribute("data-verdict") == "fix")
        assert _text(d, "#verdict-head") == "Fix before submitting: 1 thing"
        first = _text(d, "#causes li.cause")
        assert first.startswith("a field that cannot be read (P002) · line 16"), first
        assert "Fix: Write the field as its columns expect" in first
        assert _above_the_fold(d, "#causes li.cause")
        _shot(d, f"verdict-fix-{width}")
        # Its line takes the arbiter to the finding and the place in the file.
        d.find_element(By.CSS_SELECTOR, "#causes li.cause button.plain").click()
        _wait(lambda: d.find_elements(By.CSS_SELECTOR, "#L16.current mark"))
        assert d.find_elements(By.CSS_SELECTOR, "#findings li.current")
    finally:
        d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_one_bad_byte_shows_the_encoding_cause_first_and_its_fix(
    browser: Any, server: Server, tmp_path: Path, width: int, height: int
) -> None:
    """A UTF-8 file with one bad byte: dozens of errors, all from the
    reader's guess of cp1252. The guess is the first cause, says how many
    findings it explains and where the byte is, and its button checks the
    file as UTF-8 (the byte as U+FFFD): then the file is ready."""
    d = browser
    try:
        _sized(d, server, width, height)
        _check(d, _utf8_with_one_bad_byte(tmp_path))
        assert d.find_element(By.ID, "verdict").get_attribute("data-verdict") == "fix"
        first = d.find_element(By.CSS_SELECTOR, "#causes li.cause")
        text = first.text
        assert text.startswith(
            "the file's encoding was guessed (P005) · first at line 11, column 8"
        )
        explained = int(text.split("this explains ")[1].split(" ")[0])
        assert explained > 30, text
        assert len(d.find_elements(By.CSS_SELECTOR, "#causes > li.cause")) == 1  # the rest follow
        assert _above_the_fold(d, "#causes li.cause .explains")
        _shot(d, f"verdict-encoding-{width}")
        d.find_element(By.ID, "fix-utf8").click()
        _wait(lambda: d.find_element(By.ID, "verdict").get_attribute("data-verdict") == "ready")
        assert "as UTF-8, 1 byte that is not UTF-8 read as \ufffd" in _text(d, "#status")
        assert "Vantreck, Öskar" in _text(d, "#source")
    finally:
        d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_recheck_reads_the_changed_file_again(browser: Any, server: Server, tmp_path: Path) -> None:
    """The arbiter fixes the file on the disk and presses Re-check: the page
    reads the file again, says it changed, and shows the new verdict.
    Chromium will not read a chosen file again once it has changed: the
    page says so and opens the chooser, where the same file is chosen."""
    d = browser
    _open(d, server)
    path = tmp_path / "event.trf"
    path.write_bytes((FIXTURES / DEFECT).read_bytes())
    _check(d, path)
    assert d.find_element(By.ID, "verdict").get_attribute("data-verdict") == "fix"
    # Unchanged: read again, and said so.
    d.find_element(By.ID, "again").click()
    _wait(lambda: "unchanged since the last check" in _text(d, "#loaded-note"))
    # Fixed on the disk (the rating's letter O made a zero).
    time.sleep(1.1)  # a later modification time
    path.write_bytes(path.read_bytes().replace(b"24O0", b"2400"))
    d.find_element(By.ID, "again").click()
    _wait(lambda: "choose it again" in _text(d, "#status"))
    d.find_element(By.ID, "file").send_keys(str(path))
    _wait(lambda: d.find_element(By.ID, "verdict").get_attribute("data-verdict") == "ready")
    assert "event.trf changed since the last check" in _text(d, "#loaded-note")
    assert "changed since the last check" in _text(d, "#status")
    _shot(d, "recheck-changed")


def test_recheck_reads_a_file_handle_afresh(browser: Any, server: Server) -> None:
    """Where the browser gives a handle to the chosen file (Chromium's file
    chooser), Re-check reads it afresh however it changed. The file is one
    of the page's own origin's (a real file handle, written by the test in
    place of the arbiter's editor); the chooser returns it."""
    d = browser
    _open(d, server)
    d.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "(async () => {"
        "  const root = await navigator.storage.getDirectory();"
        "  const handle = await root.getFileHandle('event.trf', {create: true});"
        "  const w = await handle.createWritable(); await w.write(arguments[0]); await w.close();"
        "  window.testHandle = handle;"
        "  window.showOpenFilePicker = async () => [handle];"
        "})().then(() => done(true), (e) => done(String(e)));",
        (FIXTURES / DEFECT).read_text(),
    )
    # The page looked for the chooser when it started: load it again with
    # the chooser in place before its script runs.
    added = d.execute_cdp_cmd(
        "Page.addScriptToEvaluateOnNewDocument",
        {"source": "window.showOpenFilePicker = async () => {"
                   " const root = await navigator.storage.getDirectory();"
                   " return [await root.getFileHandle('event.trf')]; };"},
    )  # fmt: skip
    _open(d, server)
    d.find_element(By.ID, "choose").click()
    _wait(lambda: _text(d, "#status").startswith("Checked event.trf"))
    assert d.find_element(By.ID, "verdict").get_attribute("data-verdict") == "fix"
    d.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "(async () => {"
        "  const root = await navigator.storage.getDirectory();"
        "  const handle = await root.getFileHandle('event.trf');"
        "  const w = await handle.createWritable(); await w.write(arguments[0]); await w.close();"
        "})().then(() => done(true), (e) => done(String(e)));",
        (FIXTURES / DEFECT).read_text().replace("24O0", "2400"),
    )
    d.find_element(By.ID, "again").click()
    _wait(lambda: d.find_element(By.ID, "verdict").get_attribute("data-verdict") == "ready")
    assert "event.trf changed since the last check" in _text(d, "#loaded-note")
    d.execute_cdp_cmd(
        "Page.removeScriptToEvaluateOnNewDocument", {"identifier": added["identifier"]}
    )


FORM_TABS = ("rate", "form1", "form2", "summary", "standings", "norms", "certificates")


def test_every_form_tab_prints_its_printable_page(browser: Any, server: Server) -> None:
    """Each form's tab has Print: a window with the form's printable HTML
    (the server's document, as trfkit ... --format html makes it), on which
    the browser's print dialog is opened."""
    d = browser
    _open(d, server)
    _check(d, FIXTURES / "swiss-trf16.trf")
    home = d.current_window_handle
    # Count the print dialogs asked for in the windows the page opens.
    d.execute_script(
        "const opened = window.open; window.printed = [];"
        "window.open = (...args) => { const w = opened(...args);"
        "  if (w) { const watch = setInterval(() => { try {"
        "    if (w.closed) { clearInterval(watch); return; }"
        "    if (w.location.pathname.startsWith('/api/view/') && !w.printWatched) {"
        "      w.printWatched = true; w.print = () => window.printed.push(w.document.title); }"
        "  } catch (e) {} }, 5); }"
        "  return w; };"
    )
    expected = {
        "rate": "FIDE Form 3",
        "form1": "FIDE Form 1",
        "form2": "Pairing Card",
        "summary": "Form 4",
        "standings": "standings",
        "norms": "b01-2024",
        "certificates": "Certificates of title result",
    }
    for name in FORM_TABS:
        d.find_element(By.ID, f"tab-{name}").click()
        button = d.find_element(By.ID, f"print-{name}")
        assert button.text == "Print" and button.is_displayed()
        button.click()
        _wait(lambda: len(d.window_handles) == 2)
        other = next(h for h in d.window_handles if h != home)
        d.switch_to.window(other)
        _wait(lambda: d.execute_script("return location.pathname").startswith("/api/view/"))
        _wait(lambda: expected[name] in d.find_element(By.TAG_NAME, "body").text)  # noqa: B023
        assert d.execute_script("return document.contentType") == "text/html"
        d.switch_to.window(home)
        printed = FORM_TABS.index(name) + 1
        _wait(lambda: len(d.execute_script("return window.printed")) == printed)  # noqa: B023
        d.switch_to.window(other)
        d.close()
        d.switch_to.window(home)


def _wide_swiss(tmp_path: Path) -> Path:
    """16 players, 14 rounds (the circle method's pairings): a Form 3
    wider than a 1366-pixel screen."""
    from tests.trfbuild import swiss_text

    n, rounds = 16, 14
    games = []
    order = list(range(1, n + 1))
    for r in range(1, rounds + 1):
        for i in range(n // 2):
            a, b = order[i], order[n - 1 - i]
            games.append((r, a, b, "1=0"[(a + b + r) % 3]))
        order = [order[0], order[-1], *order[1:-1]]
    path = tmp_path / "wide.trf"
    path.write_text(swiss_text([2000 + 10 * i for i in range(n)], games) + "\n")
    return path


def test_form3_last_column_is_seen_within_its_frame(
    browser: Any, server: Server, tmp_path: Path
) -> None:
    """Form 3 of 14 rounds is wider than its frame: its grid scrolls in a
    box no taller than the frame, so its last column (New, after
    K×(W−We)) comes into sight within the frame, and the box's sideways
    scroll bar with it; nothing of the page itself runs past the frame."""
    d = browser
    _open(d, server)
    d.set_window_size(1366, 900)
    _check(d, _wide_swiss(tmp_path))
    d.find_element(By.ID, "tab-rate").click()
    frame = d.find_element(By.CSS_SELECTOR, "#panel-rate iframe")
    d.switch_to.frame(frame)
    try:
        _wait(lambda: d.find_elements(By.CSS_SELECTOR, "table.grid thead th"))
        got = d.execute_script(
            "const grid = document.querySelector('table.grid'), wrap = grid.closest('.wrap');"
            "const th = [...grid.querySelectorAll(':scope > thead > tr:first-child > th')];"
            "const last = th[th.length - 1], kw = th[th.length - 2];"
            "const wide = wrap.scrollWidth > wrap.clientWidth;"
            "wrap.scrollIntoView({block: 'start'}); wrap.scrollLeft = wrap.scrollWidth;"
            "const r = (e) => e.getBoundingClientRect();"
            "return {wide, last: last.textContent, kw: kw.textContent, right: r(last).right,"
            "  left: r(last).left, kwLeft: r(kw).left, width: innerWidth, height: innerHeight,"
            "  wrapBottom: r(wrap).bottom, page: document.documentElement.scrollWidth};"
        )
    finally:
        d.switch_to.default_content()
    assert got["wide"], got  # the test's point: wider than the frame
    assert (got["last"], got["kw"]) == ("New", "K×(W−We)"), got
    assert got["kwLeft"] >= 0 and got["right"] <= got["width"], got
    assert got["wrapBottom"] <= got["height"] + 1, got  # its scroll bar in sight
    assert got["page"] <= got["width"], got
    d.switch_to.frame(frame)
    _shot(d, "form3-wide-scrolled")
    d.switch_to.default_content()


def test_forms_header_boxes_end_with_their_last_box(browser: Any, server: Server) -> None:
    """Forms 1 and 2 head with labelled boxes: a row short of boxes ends at
    its last box, no border running on past it (the grid itself draws
    none; each box its own)."""
    d = browser
    _open(d, server)
    d.set_window_size(1366, 900)
    _check(d, FIXTURES / "swiss-trf16.trf")
    for tab in ("form1", "form2", "rate"):
        d.find_element(By.ID, f"tab-{tab}").click()
        d.switch_to.frame(d.find_element(By.CSS_SELECTOR, f"#panel-{tab} iframe"))
        try:
            _wait(lambda: d.find_elements(By.CSS_SELECTOR, ".head div"))
            got = d.execute_script(
                "const head = document.querySelector('.head'), s = getComputedStyle(head);"
                "const boxes = [...head.querySelectorAll(':scope > div')];"
                "const right = Math.max(...boxes.map((b) => b.getBoundingClientRect().right));"
                "return {top: s.borderTopWidth, left: s.borderLeftWidth, right,"
                "  headRight: head.getBoundingClientRect().right,"
                "  boxes: boxes.map((b) => getComputedStyle(b).borderTopWidth)};"
            )
        finally:
            d.switch_to.default_content()
        assert got["top"] == got["left"] == "0px", (tab, got)
        assert set(got["boxes"]) == {"1px"}, (tab, got)
        _shot(d, f"head-boxes-{tab}")


def test_the_pairings_tab_shows_each_differing_round_side_by_side_with_the_reason(
    browser: Any, server: Server, tmp_path: Path
) -> None:
    """The Pairings tab is trfkit pairings' page: a round the FIDE (Dutch)
    System pairs otherwise shows its boards, the system's beside the
    file's; the edition and the rounds are the tab's own options, as
    --system and --rounds, and rounds the file has not are refused in
    words. Round 1 of four players by rating: S1 {1, 2} meets S2 {3, 4}
    (1-3, 4-2; C.04.3), where the file pairs 1-2 and 3-4."""
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    from tests.trfbuild import swiss_text

    path = tmp_path / "neighbours.trf"
    path.write_text(
        swiss_text([2400, 2300, 2200, 2100], [(1, 1, 2, "1"), (1, 3, 4, "=")]), encoding="utf-8"
    )
    d = browser
    _open(d, server)
    d.get_log("browser")  # what earlier tests left
    d.find_element(By.ID, "file").send_keys(str(path))
    _wait(lambda: _text(d, "#status").startswith("Checked"))
    shown = _frame_text(d, "pairings")
    assert "Round 1: differs on 2 boards" in shown
    assert "dutch-2017" in shown and "chosen by start date 2025-03-01" in shown
    assert "not a FIDE-endorsed pairing program" in shown
    d.switch_to.frame(d.find_element(By.CSS_SELECTOR, "#panel-pairings iframe"))
    try:
        heads = [th.text for th in d.find_elements(By.CSS_SELECTOR, "#round-1 thead tr th")]
        assert heads[:2] == ["Dutch System (trfkit)", "The file"]
        rows = [
            [td.text for td in tr.find_elements(By.TAG_NAME, "td")]
            for tr in d.find_elements(By.CSS_SELECTOR, "#round-1 > table tbody tr")
        ]
        system = sorted((r[0].split()[0], r[1].split()[0]) for r in rows)
        file = sorted((r[2].split()[0], r[3].split()[0]) for r in rows)
        assert system == [("1", "3"), ("4", "2")] and file == [("1", "2"), ("3", "4")]
        # The reason's paragraph under the boards (its words are the
        # engine's: tests/cli/test_pairings.py renders hand-made ones).
        assert d.find_element(By.CSS_SELECTOR, "#round-1 > table + p.why").is_displayed()
    finally:
        d.switch_to.default_content()
    _options(d)
    assert d.find_element(By.CSS_SELECTOR, "label[for=system]").text == "FIDE (Dutch) System"
    Select(d.find_element(By.ID, "system")).select_by_value("dutch-2026")
    _wait(lambda: "dutch-2026" in _frame_text(d, "pairings"))
    assert "chosen by request" in _frame_text(d, "pairings")
    _shot(d, "8-pairings")
    d.find_element(By.ID, "rounds").send_keys("2", Keys.ENTER)
    note = d.find_element(By.ID, "note-pairings")
    _wait(note.is_displayed)
    assert note.text == "Pairings not made: rounds: '2': the file has 1 round played"
    d.find_element(By.ID, "rounds").clear()
    d.find_element(By.ID, "rounds").send_keys("1", Keys.ENTER)
    _wait(lambda: not note.is_displayed())
    # The check itself is unchanged by the tab: no S128 unless asked for.
    d.find_element(By.ID, "tab-check").click()
    assert "S128" not in _text(d, "#findings")
    blocked = [
        e["message"] for e in d.get_log("browser") if "Content Security Policy" in e["message"]
    ]
    assert blocked == []
