"""Sound and vibration in the browser: the designs the shell hands over
(:class:`magdagdon.ui.commands.Feel`: each cue's tones and noise bursts, at their times, and
the mix of :mod:`magdagdon.sounds`) synthesised with the Web Audio API (no audio file), and
felt through ``navigator.vibrate``.

Nothing sounds before a gesture (:meth:`Sound.unlock`): the AudioContext may be made ahead
(:meth:`Sound.prepare`), suspended until then; the page hidden suspends it all. Where the Audio
API or vibration is missing, or a browser throws, that half quietly turns off: no method here
raises, and every promise's rejection is caught, so the console stays clean."""

from __future__ import annotations

import contextlib
from typing import Any

from pyscript.ffi import to_js

from magdagdon.ui.commands import Feel

#: Seconds between scheduling a sound and its start; a source plays on after its envelope.
LEAD_S, TAIL_S = 0.01, 0.02
#: The silence exponential ramps end on (they cannot reach 0).
FLOOR = 0.0001
#: A context the browser has not started this long after it was asked is asked again, and
#: what was scheduled on it is dropped (so sounds never pile up to burst out at once).
STARTING_MS = 1000.0


def _quietly(promise: Any) -> None:
    """Catch ``promise``'s rejection (Pyodide frees the handler once it settles)."""
    catch = getattr(promise, "catch", None)
    if callable(catch):
        catch(lambda _reason=None: None)


def _usable(context: Any) -> bool:
    """Whether ``context`` is an AudioContext still open."""
    if context is None or type(context).__name__ in ("JsNull", "JsUndefined"):
        return False
    return str(getattr(context, "state", "closed")) != "closed"


class Sound:
    """The game's sounds and vibrations in one page."""

    def __init__(self, window: Any) -> None:
        self.window = window
        self.context: Any = None  # the AudioContext, once a gesture made one
        self.output: Any = None  # the master GainNode (→ low-pass → limiter → speakers)
        self.unlocked = self.hidden = False  # a gesture happened; the page is hidden
        self.audio_ok = self.vibrate_ok = True  # False for good once missing or thrown
        self._noise: Any = None  # the noise AudioBuffer, made once (False: it failed)
        self._asked_ms = 0.0  # when the context was last asked to run

    def prepare(self) -> None:
        """Make the AudioContext ahead, in idle time (kept suspended until a gesture): starting
        the browser's audio took the first ROLL's sound a task of its own over 50 ms."""
        if self.context is None and self.audio_ok and not self.hidden:
            self._safely(self._new_context)

    def unlock(self, *, sound: bool = True) -> None:
        """A gesture happened (the tap being carried out): the first makes the AudioContext
        (unless ``sound`` is off), later ones resume a context the browser kept suspended."""
        self.unlocked = True
        if sound and self.audio_ok and not self.hidden:
            running = str(getattr(self.context, "state", "running")) == "running"
            self._safely(
                self._new_context if self.context is None else None if running else self._ask
            )

    def suspend(self) -> None:
        """The page is hidden: silence now, the context suspended (nothing kept for later)."""
        self.hidden = True
        self._drop_output()
        if self.context is not None:
            self._safely(lambda: _quietly(self.context.suspend()))

    def resume(self) -> None:
        """The page is shown again: the context runs again (if a gesture made one)."""
        self.hidden = False
        if self.context is not None and self.unlocked:
            self._safely(self._ask)

    def play(self, feel: Feel) -> None:
        """Sound the cues of one drawing at their times and vibrate its pattern; nothing before
        a gesture or while the page is hidden."""
        if not feel.cues or not self.unlocked or self.hidden:
            return
        if feel.sound and self.audio_ok:
            self._safely(lambda: self._sound(feel))
        if feel.pattern and self.vibrate_ok:
            try:
                self.window.navigator.vibrate(to_js(list(feel.pattern)))
            except Exception:  # (no vibration here)
                self.vibrate_ok = False

    # -- Web Audio ---------------------------------------------------------------------------------
    def _safely(self, work: Any) -> None:
        try:
            if work is not None:
                work()
        except Exception:  # Web Audio failed: sound stays off on this visit
            self.audio_ok = False
            context, self.context, self.output = self.context, None, None
            if context is not None:
                self._drop(lambda: _quietly(context.close()))

    def _drop(self, work: Any) -> None:
        with contextlib.suppress(Exception):
            work()

    def _now(self) -> float:
        return float(self.window.performance.now())

    def _new_context(self) -> None:
        """An AudioContext (sound off where there is none); the game's sounds mix with her
        music where the browser lets a page say so (Safari)."""
        make = getattr(self.window, "AudioContext", None) or getattr(
            self.window, "webkitAudioContext", None
        )
        if make is None or type(make).__name__ in ("JsNull", "JsUndefined"):
            self.audio_ok = False
            return
        ahead = getattr(self.window, "magdagdonAudio", None)  # (static/boot.js's, if it made one)
        self.window.magdagdonAudio = None
        if _usable(ahead):
            self.context, self._asked_ms = ahead, self._now()
            return
        session = getattr(self.window.navigator, "audioSession", None)
        if session is not None and type(session).__name__ not in ("JsNull", "JsUndefined"):
            self._drop(lambda: setattr(session, "type", "ambient"))
        self.context, self._asked_ms = make.new(), self._now()

    def _ask(self) -> None:
        self._asked_ms = self._now()
        _quietly(self.context.resume())

    def _drop_output(self) -> None:
        """Cut the master off the speakers: whatever was scheduled on it never sounds."""
        output, self.output = self.output, None
        if output is not None:
            self._drop(output.disconnect)

    def _output(self, mix: Any) -> Any:
        """The master gain, through a gentle low-pass (warmth) and a limiter (safety) to the
        speakers; made once (again after the page was hidden)."""
        if self.output is None:
            context = self.context
            master, warm = context.createGain(), context.createBiquadFilter()
            master.gain.value = mix.gain
            warm.type, warm.frequency.value, warm.Q.value = "lowpass", mix.lowpass_hz, 0.5
            master.connect(warm)
            try:
                limiter = context.createDynamicsCompressor()
                limiter.threshold.value, limiter.knee.value, limiter.ratio.value = -6, 6, 8
                warm.connect(limiter)
                limiter.connect(context.destination)
            except Exception:
                warm.connect(context.destination)
            self.output = master
        return self.output

    def _sound(self, feel: Feel) -> None:
        if self.context is None:  # (sound was off at the gesture, on now: still in its turn)
            self._new_context()
        context, now = self.context, self._now()
        if context is None:
            return
        if (
            str(getattr(context, "state", "running")) != "running"
            and now - self._asked_ms > STARTING_MS
        ):
            self._drop_output()  # not started: drop what it holds, ask again
            self._ask()
            return
        output = self._output(feel.mix)
        start = float(context.currentTime) + LEAD_S
        for at, parts in feel.cues:
            for part in parts:
                (self._tone if hasattr(part, "freq") else self._burst)(
                    part, start + at, output, feel.mix
                )

    def _envelope(self, part: Any, at: float, output: Any) -> Any:
        """A gain node into ``output``: a soft rise to the part's gain, an exponential fall to
        silence at its end."""
        node, begin = self.context.createGain(), at + part.start
        node.gain.setValueAtTime(0, begin)
        node.gain.linearRampToValueAtTime(part.gain, begin + part.attack)
        node.gain.exponentialRampToValueAtTime(FLOOR, begin + part.duration)
        node.connect(output)
        return node

    def _tone(self, part: Any, at: float, output: Any, _mix: Any) -> None:
        oscillator = self.context.createOscillator()
        oscillator.type = part.wave
        begin, end = at + part.start, at + part.end
        oscillator.frequency.setValueAtTime(part.freq, begin)
        if part.glide:
            oscillator.frequency.exponentialRampToValueAtTime(part.glide, end)
        oscillator.connect(self._envelope(part, at, output))
        oscillator.start(begin)
        oscillator.stop(end + TAIL_S)

    def _burst(self, part: Any, at: float, output: Any, mix: Any) -> None:
        """A band-passed cut of the noise buffer (none where the buffer could not be made)."""
        noise = self._noise_buffer(mix)
        if noise is None:
            return
        source, band = self.context.createBufferSource(), self.context.createBiquadFilter()
        source.buffer = noise
        band.type, band.frequency.value, band.Q.value = "bandpass", part.centre, part.q
        source.connect(band)
        band.connect(self._envelope(part, at, output))
        length = part.duration + TAIL_S
        span = max(mix.noise_seconds - length, 0.0)
        offset = (part.start * 7.0 + part.centre / 1e4) % span if span else 0.0  # varied, fixed
        source.start(at + part.start, offset, length)

    def _noise_buffer(self, mix: Any) -> Any:
        """One AudioBuffer of noise (its samples made ahead, in idle time), made at first use;
        None where that fails."""
        if self._noise is None:
            try:
                samples = mix.noise()
                buffer = self.context.createBuffer(1, len(samples), mix.noise_rate)
                channel = buffer.getChannelData(0)
                if hasattr(channel, "assign"):
                    channel.assign(samples)
                else:
                    buffer.copyToChannel(to_js(samples), 0)
                self._noise = buffer
            except Exception:
                self._noise = False
        return self._noise or None


__all__ = ["Sound"]
