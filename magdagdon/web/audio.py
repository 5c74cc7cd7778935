"""Sound and vibration in the browser: the cues of :mod:`magdagdon.sounds` synthesised with
the Web Audio API at run time (no audio file, nothing fetched) and felt through
``navigator.vibrate``.

Nothing sounds before a user gesture (:meth:`Sound.unlock`): the AudioContext may be made
ahead (:meth:`Sound.prepare`, in idle time, while sound is on), suspended until then; the page
being hidden suspends it all (:meth:`Sound.suspend`). Where the Audio API or vibration is
missing, or a browser throws, that half quietly turns off: no method here ever raises, and every
promise's rejection is caught, so the console stays clean. :mod:`magdagdon.sounds` is imported
on first use, not at the page's start.

The shell decides what sounds and when (:class:`magdagdon.ui.commands.Feel`); this plays it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pyscript.ffi import to_js

if TYPE_CHECKING:
    from magdagdon.sounds import Cue, Noise, Tone

#: Seconds between scheduling a sound and its start (the audio thread needs a moment).
LEAD_S = 0.01
#: Seconds a source plays on after its envelope reached silence.
TAIL_S = 0.02
#: The silence exponential ramps end on (they cannot reach 0).
FLOOR = 0.0001
#: A context the browser has not started this long after it was asked is asked again, and
#: what was scheduled on it is dropped (so sounds never pile up to burst out at once).
STARTING_MS = 1000.0


def _absent(value: Any) -> bool:
    """None, or JavaScript's null or undefined."""
    return value is None or type(value).__name__ in ("JsNull", "JsUndefined")


def _ignore(_reason: Any = None) -> None:
    """A rejection handler that keeps a refused promise out of the console."""


def _quietly(promise: Any) -> None:
    """Catch ``promise``'s rejection (Pyodide frees the handler once it settles)."""
    catch = getattr(promise, "catch", None)
    if callable(catch):
        catch(_ignore)


class Sound:
    """The game's sounds and vibrations in one page."""

    def __init__(self, window: Any) -> None:
        self.window = window
        self.context: Any = None  # the AudioContext, once a gesture made one
        self.output: Any = None  # the master GainNode (→ low-pass → limiter → speakers)
        self.unlocked = False  # a user gesture has happened
        self.hidden = False  # the page is hidden: nothing sounds
        self.audio_ok = True  # False for good once Web Audio is missing or has thrown
        self.vibrate_ok = True  # likewise for navigator.vibrate
        self._noise: Any = None  # the noise AudioBuffer, made once
        self._noise_failed = False
        self._asked_ms = 0.0  # when the context was last asked to run

    # -- the page's life ---------------------------------------------------------------------------
    def prepare(self) -> None:
        """Make the AudioContext ahead, in the page's idle time (the browser keeps it
        suspended until a gesture's :meth:`unlock` asks it to run): starting the browser's
        audio took the first ROLL's sound a task of its own over 50 ms."""
        if self.context is not None or not self.audio_ok or self.hidden:
            return
        try:
            self.context = self._new_context()
        except Exception:
            self._audio_off()

    def unlock(self, *, sound: bool = True) -> None:
        """A user gesture happened (call it from every click and keydown handler, before the
        tap is acted on: browsers start audio only then). The first makes the AudioContext
        (unless ``sound`` is off: then none is made until a sound is played in a gesture's
        turn); later ones only resume a context the browser kept suspended."""
        self.unlocked = True
        if not (sound and self.audio_ok) or self.hidden:
            return
        try:
            if self.context is None:
                self.context = self._new_context()
            elif str(getattr(self.context, "state", "running")) != "running":
                self._ask_to_run()
        except Exception:
            self._audio_off()

    def suspend(self) -> None:
        """The page is hidden: silence now, the context suspended (sounds scheduled are
        dropped, not kept for later)."""
        self.hidden = True
        self._drop_output()
        try:
            if self.context is not None:
                _quietly(self.context.suspend())
        except Exception:
            self._audio_off()

    def resume(self) -> None:
        """The page is shown again: the context runs again (if a gesture made one)."""
        self.hidden = False
        try:
            if self.context is not None and self.unlocked:
                self._ask_to_run()
        except Exception:
            self._audio_off()

    # -- cues --------------------------------------------------------------------------------------
    def play(
        self, allowed: Sequence[tuple[float, Cue]], sound: bool, pattern: Sequence[int]
    ) -> None:
        """Sound the cues of one drawing at their times (s, from now), as the shell let them
        through (:func:`magdagdon.sounds.timeline`, its throttle), and vibrate ``pattern``.
        Nothing before a gesture or while the page is hidden; never raises."""
        if not allowed or not self.unlocked or self.hidden:
            return
        if sound and self.audio_ok:
            try:
                self._sound(list(allowed), self._now())
            except Exception:
                self._audio_off()
        if pattern and self.vibrate_ok:
            try:
                if not hasattr(self.window.navigator, "vibrate"):
                    self.vibrate_ok = False
                    return
                self.window.navigator.vibrate(to_js(list(pattern)))
            except Exception:
                self.vibrate_ok = False

    # -- Web Audio ---------------------------------------------------------------------------------
    def _now(self) -> float:
        """The page's clock (ms)."""
        try:
            return float(self.window.performance.now())
        except Exception:
            return float(self.window.Date.now())

    def _new_context(self) -> Any:
        """An AudioContext (None, and sound off, where there is none)."""
        for name in ("AudioContext", "webkitAudioContext"):
            make: Any = getattr(self.window, name, None)
            if not _absent(make):
                self._mix_with_other_apps()
                context = make.new()
                self._asked_ms = self._now()
                return context
        self.audio_ok = False
        return None

    def _mix_with_other_apps(self) -> None:
        """Where the browser lets a page say so (Safari), game sounds mix with the player's
        music instead of stopping it."""
        try:
            session: Any = getattr(self.window.navigator, "audioSession", None)
            if not _absent(session):
                session.type = "ambient"
        except Exception:
            pass

    def _ask_to_run(self) -> None:
        self._asked_ms = self._now()
        _quietly(self.context.resume())

    def _audio_off(self) -> None:
        """Web Audio failed: sound stays off on this visit (vibration goes on)."""
        self.audio_ok = False
        context, self.context, self.output = self.context, None, None
        try:
            if context is not None:
                _quietly(context.close())
        except Exception:
            pass

    def _drop_output(self) -> None:
        """Cut the master off the speakers: whatever was scheduled on it never sounds."""
        output, self.output = self.output, None
        try:
            if output is not None:
                output.disconnect()
        except Exception:
            pass

    def _output(self) -> Any:
        """The master gain, through a gentle low-pass (warmth) and a limiter (safety) to the
        speakers; made once (again after the page was hidden)."""
        if self.output is None:
            from magdagdon.sounds import LOWPASS_HZ, MASTER_GAIN

            context = self.context
            master = context.createGain()
            master.gain.value = MASTER_GAIN
            warm = context.createBiquadFilter()
            warm.type = "lowpass"
            warm.frequency.value = LOWPASS_HZ
            warm.Q.value = 0.5
            master.connect(warm)
            try:
                limiter = context.createDynamicsCompressor()
                limiter.threshold.value = -6
                limiter.knee.value = 6
                limiter.ratio.value = 8
                warm.connect(limiter)
                limiter.connect(context.destination)
            except Exception:
                warm.connect(context.destination)
            self.output = master
        return self.output

    def _sound(self, allowed: list[tuple[float, Cue]], now: float) -> None:
        from magdagdon.sounds import DESIGNS, Tone

        if self.context is None:  # (sound was off at the gesture, on now: still in its turn)
            self.context = self._new_context()
        context = self.context
        if context is None:
            return
        running = str(getattr(context, "state", "running")) == "running"
        if not running and now - self._asked_ms > STARTING_MS:  # not started: drop, ask again
            self._drop_output()
            self._ask_to_run()
            return
        output = self._output()
        start = float(context.currentTime) + LEAD_S
        for at, cue in allowed:
            for part in DESIGNS[cue]:
                if isinstance(part, Tone):
                    self._tone(part, start + at, output)
                else:
                    self._burst(part, start + at, output)

    def _envelope(self, part: Tone | Noise, at: float, output: Any) -> Any:
        """A gain node into ``output``: a soft rise to ``part.gain``, an exponential fall to
        silence at the end."""
        node = self.context.createGain()
        gain = node.gain
        begin = at + part.start
        gain.setValueAtTime(0, begin)
        gain.linearRampToValueAtTime(part.gain, begin + part.attack)
        gain.exponentialRampToValueAtTime(FLOOR, begin + part.duration)
        node.connect(output)
        return node

    def _tone(self, part: Tone, at: float, output: Any) -> None:
        oscillator = self.context.createOscillator()
        oscillator.type = part.wave
        begin, end = at + part.start, at + part.end
        frequency = oscillator.frequency
        frequency.setValueAtTime(part.freq, begin)
        if part.glide:
            frequency.exponentialRampToValueAtTime(part.glide, end)
        oscillator.connect(self._envelope(part, at, output))
        oscillator.start(begin)
        oscillator.stop(end + TAIL_S)

    def _burst(self, part: Noise, at: float, output: Any) -> None:
        """A band-passed cut of the noise buffer (none where the buffer could not be made)."""
        from magdagdon.sounds import NOISE_SECONDS

        noise = self._noise_buffer()
        if noise is None:
            return
        source = self.context.createBufferSource()
        source.buffer = noise
        band = self.context.createBiquadFilter()
        band.type = "bandpass"
        band.frequency.value = part.centre
        band.Q.value = part.q
        source.connect(band)
        band.connect(self._envelope(part, at, output))
        length = part.duration + TAIL_S
        span = max(NOISE_SECONDS - length, 0.0)
        offset = (part.start * 7.0 + part.centre / 1e4) % span if span else 0.0  # varied, fixed
        source.start(at + part.start, offset, length)

    def _noise_buffer(self) -> Any:
        """One AudioBuffer of noise, made at first use (None where that fails)."""
        if self._noise is None and not self._noise_failed:
            from magdagdon.sounds import NOISE_RATE, noise

            try:
                samples = noise()  # (made ahead, in the page's idle time)
                buffer = self.context.createBuffer(1, len(samples), NOISE_RATE)
                channel = buffer.getChannelData(0)
                if hasattr(channel, "assign"):
                    channel.assign(samples)
                else:
                    buffer.copyToChannel(to_js(samples), 0)
                self._noise = buffer
            except Exception:
                self._noise_failed = True
        return self._noise


__all__ = ["Sound"]
