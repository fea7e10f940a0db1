"""TLS on the ext_proc port: the gateways that call an endpoint picker dial it over TLS.

Envoy AI Gateway builds its picker cluster with a TLS transport (no verification) and Istio's
Inference Extension support pairs the picker with a ``tls.mode: SIMPLE`` DestinationRule, so a
plaintext picker fails every request there. As GIE's endpoint pickers do, a picker given no
certificate makes a self-signed one at start; one given files re-reads them on each new
connection and serves the new pair as soon as it changes (a Secret mounted as a volume is
updated in place by the kubelet). ``client_ca`` turns on client verification (mutual TLS).
"""

from __future__ import annotations

import datetime
import logging
import socket
from dataclasses import dataclass
from pathlib import Path

import grpc
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

log = logging.getLogger(__name__)

SELF_SIGNED_DAYS = 3650


@dataclass(frozen=True, slots=True)
class KeyPair:
    """A PEM certificate chain and its private key."""

    cert: bytes
    key: bytes


def self_signed(names: tuple[str, ...] = ()) -> KeyPair:
    """A new P-256 key and a certificate for ``names`` (and localhost), valid ten years.

    Gateways that dial a picker with a self-signed certificate do not verify it; the names are
    there for clients that pin it.
    """
    key = ec.generate_private_key(ec.SECP256R1())
    hostnames = tuple(dict.fromkeys((*names, socket.gethostname(), "localhost")))
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, hostnames[0])])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=SELF_SIGNED_DAYS))
        .add_extension(
            x509.SubjectAlternativeName([x509.DNSName(n) for n in hostnames]), critical=False
        )
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    return KeyPair(
        cert=cert.public_bytes(serialization.Encoding.PEM),
        key=key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        ),
    )


class ServerTls:
    """gRPC server credentials over a key pair that follows its files.

    ``cert_file``/``key_file`` None: a self-signed pair made once. ``client_ca_file``: require
    client certificates signed by it. :meth:`credentials` is what ``add_secure_port`` takes;
    gRPC asks :meth:`_fetch` before each handshake, which re-reads the files (a few KiB) and
    hands over a new configuration only when their bytes changed.
    """

    def __init__(
        self,
        cert_file: str | None = None,
        key_file: str | None = None,
        *,
        client_ca_file: str | None = None,
        names: tuple[str, ...] = (),
    ) -> None:
        if (cert_file is None) != (key_file is None):
            raise ValueError("TLS needs both a certificate file and a key file, or neither")
        self._cert_file = Path(cert_file) if cert_file else None
        self._key_file = Path(key_file) if key_file else None
        self._ca_file = Path(client_ca_file) if client_ca_file else None
        self.reloads = 0
        """How many times a changed pair was put in use (after the first)."""
        self.reload_errors = 0
        """Reads that failed or found a half-written pair (the pair in use stays)."""
        if self._cert_file is None:
            self._pair = self_signed(names)
            log.info("ext_proc TLS: serving a self-signed certificate")
        else:
            self._pair = self._read()
        self._ca = self._ca_file.read_bytes() if self._ca_file else None

    @property
    def self_signed(self) -> bool:
        return self._cert_file is None

    @property
    def pair(self) -> KeyPair:
        """The key pair in use now."""
        return self._pair

    def _read(self) -> KeyPair:
        assert self._cert_file is not None
        assert self._key_file is not None
        pair = KeyPair(self._cert_file.read_bytes(), self._key_file.read_bytes())
        cert = x509.load_pem_x509_certificate(pair.cert)
        key = serialization.load_pem_private_key(pair.key, password=None)
        if cert.public_key().public_bytes(
            serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
        ) != key.public_key().public_bytes(
            serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
        ):
            raise ValueError(f"{self._key_file} is not the key of {self._cert_file}")
        return pair

    def _configuration(self) -> grpc.ServerCertificateConfiguration:
        return grpc.ssl_server_certificate_configuration(
            [(self._pair.key, self._pair.cert)], root_certificates=self._ca
        )

    def _fetch(self) -> grpc.ServerCertificateConfiguration | None:
        if self._cert_file is None:
            return None
        try:
            pair = self._read()
        except Exception as exc:  # a Secret update swaps files: try again next handshake
            self.reload_errors += 1
            log.warning("ext_proc TLS: keeping the current certificate (%s)", exc)
            return None
        if pair == self._pair:
            return None
        self._pair = pair
        self.reloads += 1
        log.info("ext_proc TLS: certificate reloaded from %s", self._cert_file)
        return self._configuration()

    def credentials(self) -> grpc.ServerCredentials:
        # grpc-stubs types the fetcher as never returning None; gRPC documents None as "no change"
        return grpc.dynamic_ssl_server_credentials(
            self._configuration(),
            self._fetch,  # type: ignore[arg-type]
            require_client_authentication=self._ca is not None,
        )
